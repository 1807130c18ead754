import { describe, expect, it } from "vitest";
import type { JsonSchema } from "./json-schema.js";
import { withSafeIntegerBounds } from "./safe-integer-bounds.js";

const largest = Number.MAX_SAFE_INTEGER;
const bounds = (schema: JsonSchema) => withSafeIntegerBounds(schema);

describe("withSafeIntegerBounds", () => {
  it("bounds an integer to ±(2^53 - 1), keeping tighter bounds and tighter exclusive ones", () => {
    expect(bounds({ type: "integer" })).toEqual({
      type: "integer",
      minimum: -largest,
      maximum: largest,
    });
    expect(bounds({ type: "integer", minimum: 1, maximum: 100 })).toEqual({
      type: "integer",
      minimum: 1,
      maximum: 100,
    });
    expect(bounds({ type: "integer", minimum: -1e30, maximum: 2 ** 60 })).toEqual({
      type: "integer",
      minimum: -largest,
      maximum: largest,
    });
    expect(bounds({ type: "integer", exclusiveMinimum: 0 })).toEqual({
      type: "integer",
      exclusiveMinimum: 0,
      maximum: largest,
    });
    expect(bounds({ type: "integer", exclusiveMinimum: -1e30, exclusiveMaximum: 10 })).toEqual({
      type: "integer",
      exclusiveMinimum: -1e30,
      exclusiveMaximum: 10,
      minimum: -largest,
    });
    expect(bounds({ type: ["integer", "null"] })).toEqual({
      type: ["integer", "null"],
      minimum: -largest,
      maximum: largest,
    });
  });

  it("bounds integers at any depth and leaves numbers and data alone", () => {
    const data = { type: "integer" };
    const schema: JsonSchema = {
      type: "object",
      properties: {
        count: { type: "integer" },
        ratio: { type: "number" },
        type: { type: "string" }, // a property named like a keyword
        pair: { type: "array", prefixItems: [{ type: "integer", minimum: 0 }] },
        either: { anyOf: [{ type: "integer" }, { type: "null" }] },
      },
      $defs: { Count: { type: "integer", maximum: 5 } },
      default: data,
      examples: [data],
      "x-raw": data,
    };
    const result = bounds(schema) as Record<string, any>;
    expect(result.properties.count).toEqual({
      type: "integer",
      minimum: -largest,
      maximum: largest,
    });
    expect(result.properties.pair.prefixItems).toEqual([
      { type: "integer", minimum: 0, maximum: largest },
    ]);
    expect(result.properties.either.anyOf[0]).toEqual({
      type: "integer",
      minimum: -largest,
      maximum: largest,
    });
    expect(result.$defs.Count).toEqual({ type: "integer", maximum: 5, minimum: -largest });
    expect([result.default, result.examples[0], result["x-raw"]]).toEqual([data, data, data]);
    expect(data).toEqual({ type: "integer" });
  });

  it("copies only the path to a changed schema, never changing its input", () => {
    const ratio = { type: "number" };
    const schema: JsonSchema = { type: "object", properties: { n: { type: "integer" }, ratio } };
    const snapshot = JSON.stringify(schema);
    const result = bounds(schema);
    expect(result).not.toBe(schema);
    expect(result.properties?.ratio).toBe(ratio);
    expect(JSON.stringify(schema)).toBe(snapshot);
    const plain: JsonSchema = { type: "object", properties: { a: { type: "string" } } };
    expect(bounds(plain)).toBe(plain);
    const tight: JsonSchema = { type: "integer", minimum: 0, maximum: 9 };
    expect(bounds(tight)).toBe(tight);
  });

  it("keeps a property named __proto__ a property", () => {
    const properties = JSON.parse('{"__proto__":{"type":"integer"}}');
    const result = bounds({ type: "object", properties });
    expect(Object.keys(result.properties ?? {})).toEqual(["__proto__"]);
    expect(Object.getPrototypeOf(result.properties)).toBe(Object.prototype);
    expect(JSON.parse(JSON.stringify(result.properties))).toEqual(
      JSON.parse(`{"__proto__":{"type":"integer","minimum":${-largest},"maximum":${largest}}}`),
    );
  });
});
