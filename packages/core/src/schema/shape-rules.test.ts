import { describe, expect, it } from "vitest";
import { withoutPaths, withPathsFrom } from "./edit-paths.js";
import { compileShapeCheck, type ShapeFindings } from "./input-shape-check.js";
import type { ValidationResult } from "./schema-adapter.js";
import { SchemaRegistry } from "./schema-registry.js";
import { withShapeRules } from "./shape-rules.js";

const findingsOf = (
  schema: Record<string, unknown>,
  value: unknown,
  registry = new SchemaRegistry(),
) => {
  const findings: ShapeFindings = {
    undeclared: undefined,
    unsafeIntegers: undefined,
    arraysForObjects: undefined,
  };
  compileShapeCheck(schema, registry)(value, [], findings);
  return findings;
};

const accept = (input: unknown): ValidationResult => ({ ok: true, value: input });

describe("compileShapeCheck", () => {
  it("walks no item past maxItems: the library refuses such an array whatever they hold", () => {
    const schema = { type: "array", maxItems: 2, items: { type: "object", properties: {} } };
    const value = Array.from({ length: 5 }, () => ({ extra: 1 }));
    expect(findingsOf(schema, value).undeclared).toEqual([
      [0, "extra"],
      [1, "extra"],
    ]);
  });

  it("finds undeclared properties at any depth, through arrays, allOf and references", () => {
    const registry = new SchemaRegistry();
    registry.define("Leaf", "leaf", () => ({
      type: "object",
      properties: { id: { type: "string" } },
    }));
    const schema = {
      type: "object",
      properties: {
        leaves: { type: "array", items: { $ref: "#/components/schemas/Leaf" } },
        both: { allOf: [{ properties: { a: {} } }, { properties: { b: {} } }] },
      },
    };
    const value = { leaves: [{ id: "1", x: 1 }], both: { a: 1, b: 2, c: 3 }, top: true };
    expect(findingsOf(schema, value, registry).undeclared).toEqual([
      ["leaves", 0, "x"],
      ["both", "c"],
      ["top"],
    ]);
  });

  it("leaves open objects, records and pattern properties alone", () => {
    const schema = {
      type: "object",
      properties: {
        open: { type: "object", properties: {}, additionalProperties: true },
        record: { type: "object", additionalProperties: { type: "object", properties: {} } },
        patterned: { type: "object", properties: {}, patternProperties: { "^x-": {} } },
        any: {},
      },
    };
    const value = {
      open: { a: 1 },
      record: { k: { inner: 1 } },
      patterned: { "x-a": 1, b: 2 },
      any: { a: 1 },
    };
    expect(findingsOf(schema, value).undeclared).toEqual([
      ["record", "k", "inner"],
      ["patterned", "b"],
    ]);
  });

  it("uses the union members a value may match by its discriminator", () => {
    const schema = {
      anyOf: [
        { type: "object", properties: { kind: { const: "cat" }, lives: {} } },
        { type: "object", properties: { kind: { const: "dog" }, good: {} } },
      ],
    };
    expect(findingsOf(schema, { kind: "dog", good: true, lives: 9 }).undeclared).toEqual([
      ["lives"],
    ]);
  });

  it("finds unsafe integers and arrays where only an object is allowed", () => {
    const schema = {
      type: "object",
      properties: { n: { type: "integer" }, o: { type: "object", properties: {} } },
    };
    const findings = findingsOf(schema, { n: 2 ** 53, o: [] });
    expect(findings.unsafeIntegers).toEqual([["n"]]);
    expect(findings.arraysForObjects).toEqual([["o"]]);
  });

  it("walks a recursive schema", () => {
    const registry = new SchemaRegistry();
    registry.define("Node", "node", () => ({
      type: "object",
      properties: { children: { type: "array", items: { $ref: "#/components/schemas/Node" } } },
    }));
    const value = { children: [{ children: [{ children: [], extra: 1 }] }] };
    expect(findingsOf({ $ref: "#/components/schemas/Node" }, value, registry).undeclared).toEqual([
      ["children", 0, "children", 0, "extra"],
    ]);
  });
});

describe("withShapeRules", () => {
  const schema = { type: "object", properties: { name: { type: "string" } } };
  const walk = compileShapeCheck(schema, new SchemaRegistry());

  it("strips, rejects or keeps, never changing the input", () => {
    const input = { name: "a", extra: 1 };
    expect(withShapeRules(accept, walk, "strip", 100)(input)).toEqual({
      ok: true,
      value: { name: "a" },
    });
    expect(input).toEqual({ name: "a", extra: 1 });
    expect(withShapeRules(accept, walk, "reject", 100)(input)).toEqual({
      ok: false,
      issues: [{ path: ["extra"], message: 'Unknown property "extra"', code: "unknown_property" }],
    });
    const dropping = () => ({ ok: true as const, value: { name: "a" } });
    expect(withShapeRules(dropping, walk, "keep", 100)(input)).toEqual({ ok: true, value: input });
  });

  it("starts each input afresh, after a failing input and after a walk that threw", () => {
    const validate = withShapeRules(accept, walk, "reject", 100);
    expect(validate({ name: "a", extra: 1 })).toMatchObject({ ok: false });
    const clean = { name: "a" };
    expect(validate(clean)).toEqual({ ok: true, value: clean });
    const throwing = {
      get name(): string {
        throw new Error("getter");
      },
    };
    expect(() => validate(throwing)).toThrow("getter");
    expect(validate(clean)).toEqual({ ok: true, value: clean });
    expect(validate({ extra: 1 })).toEqual({
      ok: false,
      issues: [{ path: ["extra"], message: 'Unknown property "extra"', code: "unknown_property" }],
    });
  });

  it("applies the rules to a promised result too", async () => {
    const later = (input: unknown) => Promise.resolve(accept(input));
    expect(await withShapeRules(later, walk, "strip", 100)({ name: "a", extra: 1 })).toEqual({
      ok: true,
      value: { name: "a" },
    });
  });
});

describe("path edits", () => {
  it("copies only what it changes, and keeps a __proto__ key an own property", () => {
    const input = JSON.parse('{"a":{"b":1,"c":2},"d":{"e":1}}');
    const stripped = withoutPaths(input, [["a", "c"]]) as typeof input;
    expect(stripped).toEqual({ a: { b: 1 }, d: { e: 1 } });
    expect(stripped.d).toBe(input.d);
    expect(input.a.c).toBe(2);
    const source = JSON.parse('{"__proto__":{"polluted":true}}');
    const kept = withPathsFrom({}, source, [["__proto__"]]) as Record<string, unknown>;
    expect(Object.hasOwn(kept, "__proto__")).toBe(true);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it("removes keys deep in arrays, keeps order and prototypes, and skips paths not there", () => {
    class Point {
      constructor(
        public x: number,
        public y: number,
      ) {}
    }
    const input = JSON.parse(
      '{"tracking":"t","items":[{"sku":"a","code":1,"qty":2},{"code":3,"sku":"b"},"text",null],"__proto__":{"x":1,"y":2}}',
    );
    input.point = new Point(1, 2);
    const paths = [
      ["items", 0, "code"],
      ["items", 1, "code"],
      ["items", 2, "code"], // a string: not a container, skipped
      ["items", 9, "code"], // no such item
      ["tracking"],
      ["missing", "deeper"],
      ["__proto__", "y"],
      ["point", "y"],
    ];
    const before = JSON.stringify(input);
    const stripped = withoutPaths(input, paths) as Record<string, any>;
    expect(JSON.stringify(input)).toBe(before); // the original is never touched
    expect(Object.keys(stripped)).toEqual(["items", "__proto__", "point"]);
    expect(stripped.items).toEqual([{ sku: "a", qty: 2 }, { sku: "b" }, "text", null]);
    expect(Object.keys(stripped.items[0])).toEqual(["sku", "qty"]);
    expect(Object.hasOwn(stripped, "__proto__")).toBe(true);
    expect(Object.getPrototypeOf(stripped)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(stripped, "__proto__")?.value).toEqual({ x: 1 });
    expect(stripped.point).toBeInstanceOf(Point);
    expect({ ...stripped.point }).toEqual({ x: 1 });
    // A removed key that other paths also go through is removed whole.
    expect(withoutPaths({ a: { b: 1, c: 2 } }, [["a", "b"], ["a"]])).toEqual({});
    expect(withoutPaths("scalar", [["a"]])).toBe("scalar");
  });
});
