import { describe, expect, test } from "vitest";
import type { TrellisAdapter } from "../lib/targets.js";
import { generateControllers, generateMain } from "./generate.js";

const adapters: TrellisAdapter[] = ["typebox", "zod", "valibot", "classValidator"];
const verbs = /@(Get|Post|Put|Delete)\(/g;

describe("generateControllers", () => {
  for (const adapter of adapters) {
    test(`${adapter}: exactly N routes, each controller with its own models`, () => {
      const source = generateControllers(adapter, 12);
      expect(source.match(verbs)?.length).toBe(12);
      expect(source.match(/@Route\(/g)?.length).toBe(3);
      expect(source).toContain(
        "export const controllers = [Resource0Controller, Resource1Controller, Resource2Controller];",
      );
      expect(source).toContain("@Body(Create1)");
      expect(source).not.toContain("@Body(Create2)"); // the last controller holds only routes 11 and 12
      expect(source).toContain("@Query(Query2)");
    });
  }
});

describe("generateMain", () => {
  test("times createApp with the adapter's factory and counts the document's operations", () => {
    const source = generateMain("classValidator", "./x.controllers.ts");
    expect(source).toContain('import { classValidator } from "@trellis/adapter-class-validator";');
    expect(source).toContain("schema: classValidator(),");
    expect(source).toContain('await import("./x.controllers.ts")');
    expect(source).toContain("createAppMs: createEnd - createStart");
    expect(source).toContain("createAppCpuMs: (cpu.user + cpu.system) / 1000");
  });
});
