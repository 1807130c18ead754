import { describe, expect, test } from "bun:test";
import {
  CLASS_VALIDATOR_IMPORT,
  ELYSIA_IMPORT,
  generateImportMain,
  importSets,
  measureImports,
  parseImportLine,
} from "./import-bench.js";

describe("importSets", () => {
  test("every Trellis adapter with core, Elysia with and without its plugin, class-validator alone", () => {
    const ids = importSets.map((set) => set.id);
    for (const id of [
      "trellis-typebox",
      "trellis-zod",
      "trellis-valibot",
      "trellis-class-validator",
    ])
      expect(ids).toContain(id);
    expect(ids).toContain(ELYSIA_IMPORT);
    expect(ids).toContain("elysia-openapi");
    expect(importSets.find((set) => set.id === CLASS_VALIDATOR_IMPORT)?.modules).toEqual([
      "class-validator",
    ]);
  });
});

describe("generateImportMain", () => {
  test("imports the modules in order between two clock readings and prints one JSON line", () => {
    const source = generateImportMain(["@trellis/core", "@trellis/adapter-zod"]);
    const start = source.indexOf("const start = performance.now();");
    const core = source.indexOf('await import("@trellis/core");');
    const zod = source.indexOf('await import("@trellis/adapter-zod");');
    const end = source.indexOf("const end = performance.now();");
    expect(start).toBeGreaterThan(-1);
    expect(start < core && core < zod && zod < end).toBe(true);
    expect(source).toContain("importMs: end - start");
  });
});

describe("parseImportLine", () => {
  test("reads the import time from the last line", () => {
    expect(parseImportLine('warming up\n{"importMs":12.5,"sinceProcessStartMs":40}\n')).toBe(12.5);
  });

  test("names what it saw when the line is not a measurement", () => {
    expect(() => parseImportLine("Segmentation fault")).toThrow("no JSON line");
    expect(() => parseImportLine('{"importMs":"soon"}')).toThrow("no import time");
    expect(() => parseImportLine('{"importMs":-1}')).toThrow("no import time");
  });
});

describe("measureImports", () => {
  test("one figure per run for a set that imports, a failure for one that does not", async () => {
    const [ok, missing] = await measureImports(2, "0", [
      { id: "path", label: "node:path", modules: ["node:path"] },
      { id: "missing", label: "missing", modules: ["@trellis/no-such-package"] },
    ]);
    expect(ok!.importMs).toHaveLength(2);
    expect(ok!.failure).toBeUndefined();
    expect(missing!.importMs).toHaveLength(0);
    expect(missing!.failure).toContain("exit 1");
  }, 60_000);
});
