import { describe, expect, it } from "vitest";
import { type OpenApiVersion, toOpenApiSchema } from "./schema-dialect.js";

// Each dialect's conversions are tested beside it (schema-dialect-30/31.test.ts); here, dispatch.
describe("toOpenApiSchema", () => {
  it.each([
    ["3.0", { type: "string", nullable: true }],
    ["3.1", { type: ["string", "null"] }],
  ] as const)("%s converts to its own dialect", (version, expected) => {
    expect(toOpenApiSchema({ type: ["string", "null"] }, version)).toEqual(expected);
  });

  it("returns fresh objects, never the input's", () => {
    const items = { type: "string" };
    const input = { type: "array", items, enum: [["a"]] };
    for (const version of ["3.0", "3.1"] satisfies OpenApiVersion[]) {
      const output = toOpenApiSchema(input, version);
      expect(output.items).not.toBe(items);
      expect((output.enum as unknown[])[0]).not.toBe(input.enum[0]);
    }
  });
});
