import { Kind, Type } from "@sinclair/typebox";
import { compileThroughCore, SchemaRegistry } from "@trellis/testing";
import { describe, expect, it } from "vitest";
import { typebox } from "./index.js";
import { createSafeIntegerCopier, safeIntegerBounds } from "./safe-integers.js";

const body = { target: "body" } as const;
const largest = Number.MAX_SAFE_INTEGER;
// JSON text, since JSON.parse is what rounds 2^53 + 1 to 2^53.
const parse = (json: string): unknown => JSON.parse(json);

describe("safeIntegerBounds", () => {
  it("bounds an integer to ±(2^53 - 1), keeping tighter bounds and tighter exclusive ones", () => {
    expect(safeIntegerBounds({})).toEqual({ minimum: -largest, maximum: largest });
    expect(safeIntegerBounds({ minimum: 1, maximum: 100 })).toEqual({ minimum: 1, maximum: 100 });
    expect(safeIntegerBounds({ minimum: -1e30, maximum: 2 ** 60 })).toEqual({
      minimum: -largest,
      maximum: largest,
    });
    expect(safeIntegerBounds({ exclusiveMinimum: 0 })).toEqual({ maximum: largest });
    expect(safeIntegerBounds({ exclusiveMinimum: -1e30, exclusiveMaximum: 10 })).toEqual({
      minimum: -largest,
    });
  });
});

describe("createSafeIntegerCopier", () => {
  it("copies only the path to each integer, leaving the user's schema as it was", () => {
    const Name = Type.String({ minLength: 1 });
    const schema = Type.Object({ name: Name, tags: Type.Array(Type.Integer({ minimum: 0 })) });
    const snapshot = JSON.stringify(schema);
    const copy = createSafeIntegerCopier()(schema);
    expect(copy).not.toBe(schema);
    expect(copy.properties.name).toBe(Name);
    expect(copy.properties.tags.items).toMatchObject({ minimum: 0, maximum: largest });
    expect(copy.properties.tags.items[Kind]).toBe("Integer");
    expect(copy[Kind]).toBe("Object");
    expect(JSON.stringify(schema)).toBe(snapshot);
  });

  it("returns a schema without integers as it is, and one copy per schema", () => {
    const copier = createSafeIntegerCopier();
    const text = Type.Object({ a: Type.String() });
    expect(copier(text)).toBe(text);
    const count = Type.Integer();
    expect(copier(count)).toBe(copier(count));
  });
});

describe("typebox() integers", () => {
  it("refuses integers JSON parsing rounds, wherever Type.Integer is", () => {
    const schema = Type.Object({
      n: Type.Integer(),
      list: Type.Optional(Type.Array(Type.Integer())),
      either: Type.Optional(Type.Union([Type.Integer(), Type.String()])),
    });
    const validate = compileThroughCore(typebox(), schema, body);
    expect(validate(parse(`{"n":${largest}}`)).ok).toBe(true);
    expect(validate(parse(`{"n":-${largest}}`)).ok).toBe(true);
    for (const json of [
      '{"n":9007199254740993}',
      '{"n":-9007199254740993}',
      '{"n":9007199254740992}',
      '{"n":1e300}',
      '{"n":1,"list":[1,9007199254740993]}',
      '{"n":1,"either":9007199254740993}',
    ]) {
      expect(validate(parse(json)).ok, json).toBe(false);
    }
    const result = validate(parse('{"n":9007199254740993}'));
    expect(result.ok ? [] : result.issues).toEqual([
      { path: ["n"], message: expect.stringContaining("9007199254740991"), code: "IntegerMaximum" },
    ]);
  });

  it("keeps the schema's own tighter bounds, with one issue", () => {
    const validate = compileThroughCore(
      typebox(),
      Type.Object({ n: Type.Integer({ maximum: 100 }) }),
      body,
    );
    const result = validate(parse('{"n":9007199254740993}'));
    expect(result.ok ? [] : result.issues.map((issue) => issue.code)).toEqual(["IntegerMaximum"]);
  });

  it("refuses them inside referenced schemas too", () => {
    const Count = Type.Object({ n: Type.Integer() }, { $id: "Count" });
    const adapter = typebox({ references: [Count] });
    const validate = compileThroughCore(adapter, Type.Object({ count: Type.Ref("Count") }), body);
    expect(validate(parse('{"count":{"n":1}}')).ok).toBe(true);
    const result = validate(parse('{"count":{"n":9007199254740993}}'));
    expect(result.ok ? [] : result.issues.map((issue) => issue.path)).toContainEqual([
      "count",
      "n",
    ]);
  });

  it("documents the bounds it applies, and only on integers", () => {
    const schema = Type.Object({
      any: Type.Integer(),
      paged: Type.Integer({ minimum: 1, maximum: 100 }),
      positive: Type.Integer({ exclusiveMinimum: 0 }),
      ratio: Type.Number(),
    });
    const emitted = new SchemaRegistry().fromAdapter(typebox(), schema);
    expect(emitted.properties).toEqual({
      any: { type: "integer", minimum: -largest, maximum: largest },
      paged: { type: "integer", minimum: 1, maximum: 100 },
      positive: { type: "integer", exclusiveMinimum: 0, maximum: largest },
      ratio: { type: "number" },
    });
  });
});
