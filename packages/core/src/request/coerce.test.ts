import { describe, expect, it } from "vitest";
import type { JsonSchema } from "../schema/json-schema.js";
import { SchemaRegistry } from "../schema/schema-registry.js";
import { parseBoolean, parseInteger, parseNumber, scalarCoercer, valueCoercer } from "./coerce.js";

describe("string grammar", () => {
  it("reads integers strictly, within ±2^53-1", () => {
    expect(parseInteger("0")).toBe(0);
    expect(parseInteger("-12")).toBe(-12);
    expect(parseInteger("9007199254740991")).toBe(9007199254740991);
    for (const text of [
      "",
      " 1",
      "1 ",
      "+1",
      "01",
      "-0x1",
      "0x10",
      "1e3",
      "1.0",
      "1.5",
      "9007199254740992",
      "NaN",
      "Infinity",
      "-",
    ]) {
      expect(parseInteger(text), text).toBeUndefined();
    }
  });

  it("reads numbers with the JSON grammar, finite only", () => {
    expect(parseNumber("1e3")).toBe(1000);
    expect(parseNumber("-0.5")).toBe(-0.5);
    expect(parseNumber("2.5E-1")).toBe(0.25);
    for (const text of [
      "",
      " 1",
      "1 ",
      "+1",
      ".5",
      "5.",
      "01",
      "0x10",
      "1e400",
      "NaN",
      "Infinity",
      "-Infinity",
      "1_000",
      "١",
    ]) {
      expect(parseNumber(text), text).toBeUndefined();
    }
  });

  it("reads exactly true and false", () => {
    expect(parseBoolean("true")).toBe(true);
    expect(parseBoolean("false")).toBe(false);
    for (const text of ["TRUE", "1", "0", "yes", "", " true"])
      expect(parseBoolean(text)).toBeUndefined();
  });
});

describe("coercers from JSON Schema", () => {
  const registry = new SchemaRegistry();

  it("coerces by type and leaves misfits as strings for the validator", () => {
    const integer = scalarCoercer({ type: "integer" }, registry);
    expect(integer("42")).toBe(42);
    expect(integer("1e3")).toBe("1e3");
    expect(integer("4.2")).toBe("4.2");
    const number = scalarCoercer({ type: "number" }, registry);
    expect(number("1e3")).toBe(1000);
    expect(number("0x10")).toBe("0x10");
    expect(scalarCoercer({ type: "boolean" }, registry)("true")).toBe(true);
    expect(scalarCoercer({ type: "string" }, registry)("42")).toBe("42");
    expect(scalarCoercer({}, registry)("42")).toBe("42");
  });

  it("follows unions, enums, consts and component references", () => {
    expect(scalarCoercer({ anyOf: [{ type: "integer" }, { type: "null" }] }, registry)("7")).toBe(
      7,
    );
    expect(scalarCoercer({ type: ["boolean", "null"] }, registry)("false")).toBe(false);
    expect(scalarCoercer({ enum: [1, 2, 3] }, registry)("2")).toBe(2);
    expect(scalarCoercer({ const: true }, registry)("true")).toBe(true);
    expect(scalarCoercer({ enum: ["1", "2"] }, registry)("1")).toBe("1");
    const withModel = new SchemaRegistry();
    withModel.define("Page", "page", () => ({ type: "integer", minimum: 1 }));
    expect(scalarCoercer(SchemaRegistry.ref("Page"), withModel)("3")).toBe(3);
  });

  it("knows arrays and coerces their items", () => {
    const tags = valueCoercer({ type: "array", items: { type: "integer" } }, registry);
    expect(tags.isArray).toBe(true);
    expect(tags.item("5")).toBe(5);
    expect(
      valueCoercer(
        { anyOf: [{ type: "array", items: { type: "boolean" } }, { type: "null" }] },
        registry,
      ).isArray,
    ).toBe(true);
    expect(valueCoercer({ type: "string" }, registry).isArray).toBe(false);
  });
});

describe("what a schema admits", () => {
  const registry = new SchemaRegistry();
  const coerce = (schema: JsonSchema, text: string) => scalarCoercer(schema, registry)(text);
  const nestedUnion = (depth: number, leaf: JsonSchema): JsonSchema =>
    depth === 0 ? leaf : { anyOf: [nestedUnion(depth - 1, leaf)] };

  it("coerces only to the types the schema names, never another", () => {
    expect(coerce({ type: "string" }, "true")).toBe("true");
    expect(coerce({ type: "object" }, "true")).toBe("true");
    expect(coerce({ type: "integer" }, "true")).toBe("true");
    expect(coerce({ type: "boolean" }, "1")).toBe("1");
    expect(coerce({ enum: ["true", "x"] }, "true")).toBe("true");
    expect(coerce({ enum: [1.5] }, "2.5")).toBe(2.5);
  });

  it("follows unions 16 levels deep and stops on a schema that contains itself", () => {
    expect(coerce(nestedUnion(16, { type: "integer" }), "7")).toBe(7);
    const cyclic: { anyOf: JsonSchema[] } = { anyOf: [] };
    cyclic.anyOf.push(cyclic, { type: "integer" });
    expect(coerce(cyclic, "7")).toBe(7);
    expect(valueCoercer(cyclic, registry).isArray).toBe(false);
  });

  it("finds the array in a type list or in a later union member", () => {
    const listed = valueCoercer({ type: ["array", "null"], items: { type: "integer" } }, registry);
    expect(listed.isArray).toBe(true);
    expect(listed.item("3")).toBe(3);
    const later = valueCoercer(
      { anyOf: [{ type: "string" }, { type: "array", items: { type: "boolean" } }] },
      registry,
    );
    expect(later.isArray).toBe(true);
    expect(later.item("false")).toBe(false);
    expect(valueCoercer(nestedUnion(16, { type: "array", items: {} }), registry).isArray).toBe(
      true,
    );
  });
});
