import { describe, expect, it } from "vitest";
import { TrellisConfigError } from "../errors/trellis-config-error.js";
import {
  declaredProjection,
  generatedProjection,
  interpretedProjection,
} from "./declared-projection.js";
import { declaredShape } from "./declared-shape.js";
import type { JsonSchema } from "./json-schema.js";
import { SchemaRegistry } from "./schema-registry.js";

const str = { type: "string" };
const num = { type: "number" };
const object = (properties: Record<string, JsonSchema>, extra: JsonSchema = {}): JsonSchema => ({
  type: "object",
  properties,
  ...extra,
});

/**
 * What each writer sends for `value`: the generated one and the interpreted one must agree, byte
 * for byte, with each other (the interpreted one is the readable definition).
 */
function written(schema: JsonSchema, value: unknown, registry = new SchemaRegistry()): string {
  const shape = declaredShape(schema, registry, () => {
    throw new Error("too large");
  });
  const generated = generatedProjection(shape);
  expect(generated).toBeDefined();
  const bytes = JSON.stringify((generated as (value: unknown) => unknown)(value));
  expect(JSON.stringify(interpretedProjection(shape)(value))).toBe(bytes);
  return bytes;
}

describe("declared response writer", () => {
  it("drops what an object does not declare, required or not, at every depth", () => {
    const user = object(
      { id: str, name: str, address: object({ city: str }), tags: { type: "array", items: str } },
      { required: ["id"] },
    );
    const row = {
      passwordHash: "x",
      id: "1",
      address: { city: "Paris", passwordHash: "y" },
      tags: ["a", "b"],
    };
    expect(written(user, row)).toBe('{"id":"1","address":{"city":"Paris"},"tags":["a","b"]}');
    expect(written({ type: "array", items: user }, [row, { id: "2", passwordHash: "z" }])).toBe(
      '[{"id":"1","address":{"city":"Paris"},"tags":["a","b"]},{"id":"2"}]',
    );
  });

  it("keeps the rest under additionalProperties true or a schema, and patternProperties' keys", () => {
    expect(
      written(object({ a: str }, { additionalProperties: true }), { a: "1", b: { c: 2 } }),
    ).toBe('{"a":"1","b":{"c":2}}');
    const record = { type: "object", additionalProperties: object({ id: str }) };
    expect(written(record, { x: { id: "1", secret: 1 }, y: { id: "2" } })).toBe(
      '{"x":{"id":"1"},"y":{"id":"2"}}',
    );
    const patterned = { type: "object", patternProperties: { "^x-": num } };
    expect(written(patterned, { "x-a": 1, b: 2 })).toBe('{"x-a":1}');
    expect(written(object({ a: str }, { additionalProperties: false }), { a: "1", b: 2 })).toBe(
      '{"a":"1"}',
    );
    expect(written({ type: "object", additionalProperties: false }, { b: 2 })).toBe("{}");
  });

  it("keeps an object schema that declares no properties whole (it describes any object)", () => {
    const schema = object({ meta: { type: "object" }, any: {} });
    expect(written(schema, { meta: { a: 1 }, any: { b: [2] }, c: 3 })).toBe(
      '{"meta":{"a":1},"any":{"b":[2]}}',
    );
  });

  it("resolves $ref through the registry, recursive models included", () => {
    const registry = new SchemaRegistry();
    const tree = object({
      name: str,
      children: { type: "array", items: SchemaRegistry.ref("Tree") },
    });
    registry.define("Tree", tree, () => tree);
    const value = {
      name: "root",
      secret: 1,
      children: [{ name: "a", secret: 2, children: [{ name: "b", secret: 3, children: [] }] }],
    };
    expect(written(SchemaRegistry.ref("Tree"), value, registry)).toBe(
      '{"name":"root","children":[{"name":"a","children":[{"name":"b","children":[]}]}]}',
    );
    // A reference that resolves to nothing says nothing: the value is kept.
    expect(written(object({ x: { $ref: "#/components/schemas/Missing" } }), { x: { a: 1 } })).toBe(
      '{"x":{"a":1}}',
    );
  });

  it("reads nullable fields and type arrays", () => {
    const schema = object({
      when: { type: ["string", "null"] },
      owner: { type: ["object", "null"], properties: { id: str } },
    });
    expect(written(schema, { when: null, owner: null })).toBe('{"when":null,"owner":null}');
    expect(written(schema, { when: "now", owner: { id: "1", key: "k" } })).toBe(
      '{"when":"now","owner":{"id":"1"}}',
    );
  });

  it("merges allOf, and keeps the union of anyOf / oneOf branches' properties", () => {
    const base = object({ id: str });
    const merged = { allOf: [base, object({ name: str })], description: "a user" };
    expect(written(merged, { id: "1", name: "n", hash: "h" })).toBe('{"id":"1","name":"n"}');
    const pet = {
      oneOf: [
        object({ kind: { const: "cat" }, lives: num }),
        object({ kind: { const: "dog" }, goodBoy: { type: "boolean" } }),
      ],
    };
    expect(written(pet, { kind: "cat", lives: 9, hash: "h" })).toBe('{"kind":"cat","lives":9}');
    expect(written(pet, { kind: "dog", goodBoy: true, lives: 1 })).toBe(
      '{"kind":"dog","lives":1,"goodBoy":true}',
    );
    // A branch that admits any object keeps the object whole; primitives never drop anything.
    expect(written({ anyOf: [str, object({ a: str })] }, "text")).toBe('"text"');
    expect(written({ anyOf: [object({ a: str }), { type: "object" }] }, { a: "1", b: 2 })).toBe(
      '{"a":"1","b":2}',
    );
  });

  it("writes enums, consts and primitives as JSON.stringify does, toJSON honoured", () => {
    const when = new Date("2026-01-02T03:04:05.000Z");
    const schema = object({
      at: { type: "string", format: "date-time" },
      role: { enum: ["admin", { x: 1 }] },
      n: num,
      gone: str,
    });
    expect(written(schema, { at: when, role: { x: 1 }, n: Number.NaN, gone: undefined })).toBe(
      '{"at":"2026-01-02T03:04:05.000Z","role":{"x":1},"n":null}',
    );
    // An object with toJSON is replaced by what it returns, which is then written as declared.
    const row = { toJSON: (key: string) => ({ id: key || "root", secret: 1 }) };
    expect(written(object({ id: str }), row)).toBe('{"id":"root"}');
    expect(written(object({ inner: object({ id: str }) }), { inner: row })).toBe(
      '{"inner":{"id":"inner"}}',
    );
  });

  it("writes values the schema does not fit as JSON.stringify would, without throwing", () => {
    const schema = object({ n: num, o: object({ a: str }), list: { type: "array", items: num } });
    const value = { n: "not a number", o: "text", list: { 0: 1, secret: 2 } };
    expect(written(schema, value)).toBe(JSON.stringify(value));
    expect(written(schema, null)).toBe("null");
    expect(written(schema, [1, { a: 1 }])).toBe('[1,{"a":1}]');
    expect(written(schema, "text")).toBe('"text"');
  });

  it("is safe for any property name: quotes, backslashes, newlines, __proto__", () => {
    const names = ['a"b', "c\\d", "e\nf", "__proto__", "constructor", "'); throw 1; ('", "\u2028"];
    const schema = object(Object.fromEntries(names.map((name) => [name, str])));
    const value = JSON.parse(
      `{${names.map((name) => `${JSON.stringify(name)}:${JSON.stringify(name)}`).join(",")},"x":1}`,
    );
    const bytes = written(schema, value);
    expect(JSON.parse(bytes)).toEqual(
      JSON.parse(JSON.stringify(Object.fromEntries(names.map((n) => [n, n])))),
    );
    expect(
      Object.getPrototypeOf(declaredProjection(schema, new SchemaRegistry(), "t")?.(value)),
    ).toBe(Object.prototype);
    // `__proto__` and `constructor` not set on the value are not read from its prototype.
    expect(written(schema, {})).toBe("{}");
  });

  it("compiles nothing for a schema that drops nothing", () => {
    const registry = new SchemaRegistry();
    for (const schema of [
      str,
      { type: "array", items: num },
      object({ a: str }, { additionalProperties: true }),
      { type: "object" },
      {},
    ]) {
      expect(declaredProjection(schema, registry, "t")).toBeUndefined();
    }
    expect(declaredProjection(object({ a: str }), registry, "t")).toBeTypeOf("function");
  });

  it("refuses a schema too large to compile, naming the route", () => {
    // 6,000 distinct shapes: one property each.
    const properties: Record<string, JsonSchema> = {};
    for (let index = 0; index < 6_000; index++) properties[`k${index}`] = { type: "string" };
    const schema = object(properties);
    const thrown = (() => {
      try {
        declaredProjection(schema, new SchemaRegistry(), "Users.get (@Returns 200)");
      } catch (error) {
        return error;
      }
    })();
    expect(thrown).toBeInstanceOf(TrellisConfigError);
    expect((thrown as TrellisConfigError).code).toBe("UNSUPPORTED_SCHEMA");
    expect((thrown as Error).message).toContain("Users.get (@Returns 200)");
  });
});
