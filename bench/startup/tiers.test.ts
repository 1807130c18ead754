import { describe, expect, test } from "vitest";
import { generateMain } from "./generate.js";
import { dfgWithinCreateApp } from "./tiers.js";

describe("startup tiers", () => {
  test("counts only the DFG compilations reported between the createApp markers", () => {
    const stderr = [
      "Optimized decorate#A:[...] using DFG with DFG into 288 bytes in 0.800000 ms.",
      "createApp:start",
      "Optimized to30#B:[...] using DFG with DFG into 1504 bytes in 2.500000 ms.",
      "Optimized scan#C:[...] using DFG with DFG into 576 bytes in 0.250000 ms.",
      "createApp:end",
      "Optimized later#D:[...] using DFG with DFG into 576 bytes in 9.000000 ms.",
    ].join("\n");
    expect(dfgWithinCreateApp(stderr)).toEqual({ count: 2, ms: 2.75 });
  });

  test("the marked main prints its markers around createApp only when asked", () => {
    const plain = generateMain("typebox", "./x.ts");
    expect(plain).not.toContain("createApp:start");
    const marked = generateMain("typebox", "./x.ts", { markCreateApp: true });
    const start = marked.indexOf('console.error("createApp:start")');
    const end = marked.indexOf('console.error("createApp:end")');
    expect(start).toBeGreaterThan(-1);
    expect(marked.indexOf("const createStart")).toBeGreaterThan(start);
    expect(marked.indexOf("const createEnd")).toBeLessThan(end);
  });
});
