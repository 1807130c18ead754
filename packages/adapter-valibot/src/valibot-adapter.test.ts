import { compileThroughCore, coreCompileOptions, SchemaRegistry } from "@trellis/testing";
import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { valibot } from "./index.js";

const body = { target: "body" } as const;

describe("valibot()", () => {
  it("refuses what it cannot run synchronously or is not Valibot", () => {
    expect(() =>
      valibot().compile(v.objectAsync({ a: v.string() }), coreCompileOptions("body")),
    ).toThrow(/Async/);
    expect(() => valibot().compile({ type: "string" }, coreCompileOptions("body"))).toThrow(
      /Not a Valibot schema/,
    );
  });

  it("explains a schema of Valibot before 1.x, and leaves anything else to core", () => {
    const older = { kind: "schema", type: "string", _parse: () => ({}) };
    expect(valibot().isSchema(older)).toBe(false);
    expect(valibot().explainRefusal?.(older)?.reason).toContain("not a Valibot 1.x one");
    expect(valibot().explainRefusal?.({ type: "string" })).toBeUndefined();
  });

  it("says plainly that a property is missing", () => {
    const result = compileThroughCore(valibot(), v.object({ name: v.string() }), body)({});
    expect(result).toEqual({
      ok: false,
      issues: [{ path: ["name"], message: "Required property is missing", code: "object" }],
    });
  });

  it("returns the output, transforms applied", () => {
    const schema = v.object({ count: v.pipe(v.string(), v.transform(Number)) });
    expect(compileThroughCore(valibot(), schema, body)({ count: "3", x: 1 })).toEqual({
      ok: true,
      value: { count: 3 },
    });
  });

  it("applies the policy through arrays, unions, variants, records, wrappers and lazy schemas", () => {
    const leaf = v.object({ id: v.string() });
    const schema = v.object({
      list: v.array(leaf),
      either: v.union([leaf, v.string()]),
      byKey: v.record(v.string(), leaf),
      maybe: v.nullish(leaf),
      later: v.lazy(() => leaf),
      piped: v.pipe(
        leaf,
        v.check(() => true),
      ),
    });
    const extra = { id: "1", extra: true };
    const input = {
      list: [extra],
      either: extra,
      byKey: { k: extra },
      maybe: extra,
      later: extra,
      piped: extra,
    };
    const reject = compileThroughCore(valibot(), schema, {
      target: "body",
      unknownProperties: "reject",
    })(input);
    expect(reject.ok ? [] : reject.issues.map((issue) => issue.path)).toEqual([
      ["list", 0, "extra"],
      ["either"], // a union reports at the union: no branch matched
      ["byKey", "k", "extra"],
      ["maybe", "extra"],
      ["later", "extra"],
      ["piped", "extra"],
    ]);
    expect(
      compileThroughCore(valibot(), schema, { target: "body", unknownProperties: "keep" })(input),
    ).toEqual({
      ok: true,
      value: input,
    });
  });

  it("rejects an array where an all-optional object is expected, at any depth", () => {
    const schema = v.object({ filter: v.object({ q: v.optional(v.string()) }) });
    const result = compileThroughCore(valibot(), schema, body)({ filter: [] });
    expect(result.ok ? [] : result.issues.map((issue) => issue.path)).toEqual([["filter"]]);
  });

  it("leaves objects the user made strict or loose as they are", () => {
    const schema = v.object({
      strict: v.strictObject({ a: v.string() }),
      loose: v.looseObject({ a: v.string() }),
    });
    const input = { strict: { a: "1" }, loose: { a: "1", b: 2 } };
    expect(compileThroughCore(valibot(), schema, body)(input)).toEqual({ ok: true, value: input });
    expect(
      compileThroughCore(valibot(), schema, body)({ ...input, strict: { a: "1", b: 2 } }).ok,
    ).toBe(false);
  });
});

describe("valibot() JSON Schema", () => {
  it("names models with v.metadata({ id }) and drops the id keyword", () => {
    const Tag = v.pipe(
      v.object({ label: v.string() }),
      v.metadata({ id: "Tag" }),
      v.description("A tag"),
    );
    const Post = v.pipe(v.object({ tags: v.array(Tag) }), v.metadata({ id: "Post" }));
    const registry = new SchemaRegistry();
    expect(registry.fromAdapter(valibot(), Post)).toEqual(SchemaRegistry.ref("Post"));
    expect(registry.get("Post")).toEqual({
      type: "object",
      properties: { tags: { type: "array", items: SchemaRegistry.ref("Tag") } },
      required: ["tags"],
    });
    expect(registry.get("Tag")).toEqual({
      type: "object",
      properties: { label: { type: "string" } },
      required: ["label"],
      description: "A tag",
    });
  });

  it("points a named recursive model at itself", () => {
    type Category = { name: string; children: Category[] };
    const Category: v.GenericSchema<Category> = v.pipe(
      v.object({ name: v.string(), children: v.array(v.lazy(() => Category)) }),
      v.metadata({ id: "Category" }),
    );
    const registry = new SchemaRegistry();
    expect(registry.fromAdapter(valibot(), Category)).toEqual(SchemaRegistry.ref("Category"));
    expect(registry.get("Category")?.properties?.children?.items).toEqual(
      SchemaRegistry.ref("Category"),
    );
  });

  it("refuses one name on two different schemas", () => {
    const a = v.pipe(v.object({ a: v.string() }), v.metadata({ id: "Same" }));
    const b = v.pipe(v.object({ b: v.string() }), v.metadata({ id: "Same" }));
    expect(() => new SchemaRegistry().fromAdapter(valibot(), v.object({ a, b }))).toThrow(/"Same"/);
  });

  it("documents the input side and leaves out what JSON Schema cannot say", () => {
    const schema = v.object({
      count: v.pipe(v.string(), v.transform(Number), v.number()),
      when: v.date(),
      even: v.pipe(
        v.number(),
        v.check((n) => n % 2 === 0),
      ),
    });
    expect(new SchemaRegistry().fromAdapter(valibot(), schema)).toEqual({
      type: "object",
      properties: { count: { type: "string" }, when: {}, even: { type: "number" } },
      required: ["count", "when", "even"],
    });
  });
});
