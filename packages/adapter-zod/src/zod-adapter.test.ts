import { Body, createApp, Post, Route } from "@trellis/core";
import { compileThroughCore, coreCompileOptions, SchemaRegistry } from "@trellis/testing";
import { describe, expect, it } from "vitest";
import * as z from "zod";
import { zod } from "./index.js";

const body = { target: "body" } as const;

describe("zod()", () => {
  it("refuses what is not a Zod 4 schema at compile time", () => {
    expect(() => zod().compile({ type: "string" }, coreCompileOptions("body"))).toThrow(
      /Not a Zod 4 schema/,
    );
  });

  it("says at startup that a Zod 3 schema is not one it takes", () => {
    const zod3 = { _def: { typeName: "ZodString" }, safeParse: () => ({}) };
    @Route("/old")
    class OldController {
      @Post()
      create(@Body(zod3) _input: unknown) {}
    }
    expect(() => createApp({ schema: zod(), controllers: [OldController] })).toThrow(
      /OldController\.create .*: the zod adapter does not recognise the schema: it looks like a Zod schema, but not a Zod 4 one/,
    );
  });

  it("returns the parsed output, transforms and defaults applied", () => {
    const schema = z.object({
      count: z.string().transform(Number),
      tag: z.string().default("new"),
    });
    expect(compileThroughCore(zod(), schema, body)({ count: "12" })).toEqual({
      ok: true,
      value: { count: 12, tag: "new" },
    });
  });

  it("reports one issue per unknown key, at the key, when rejecting", () => {
    const schema = z.object({ user: z.object({ name: z.string() }) });
    const validate = compileThroughCore(zod(), schema, {
      target: "body",
      unknownProperties: "reject",
    });
    expect(validate({ user: { name: "a", role: "x", admin: true } })).toEqual({
      ok: false,
      issues: [
        { path: ["user", "role"], message: 'Unknown property "role"', code: "unknown_property" },
        { path: ["user", "admin"], message: 'Unknown property "admin"', code: "unknown_property" },
      ],
    });
  });

  it("applies the policy through optional, nullable, union, tuple, record and lazy schemas", () => {
    const leaf = z.object({ id: z.string() });
    const schema = z.object({
      maybe: leaf.optional(),
      orNull: leaf.nullable(),
      either: z.union([leaf, z.string()]),
      pair: z.tuple([leaf]),
      byKey: z.record(z.string(), leaf),
      later: z.lazy(() => leaf),
    });
    const extra = { id: "1", extra: true };
    const input = {
      maybe: extra,
      orNull: extra,
      either: extra,
      pair: [extra],
      byKey: { k: extra },
      later: extra,
    };
    const rejected = compileThroughCore(zod(), schema, {
      target: "body",
      unknownProperties: "reject",
    })(input);
    expect(rejected.ok ? [] : rejected.issues.map((issue) => issue.path)).toEqual([
      ["maybe", "extra"],
      ["orNull", "extra"],
      ["either", "extra"],
      ["pair", 0, "extra"],
      ["byKey", "k", "extra"],
      ["later", "extra"],
    ]);
    const kept = compileThroughCore(zod(), schema, { target: "body", unknownProperties: "keep" })(
      input,
    );
    expect(kept).toEqual({ ok: true, value: input });
  });

  it("keeps a recursive schema recursive under the reject policy", () => {
    type Node = { name: string; children: Node[] };
    const Node: z.ZodType<Node> = z.object({
      name: z.string(),
      get children() {
        return z.array(Node);
      },
    });
    const validate = compileThroughCore(zod(), Node, {
      target: "body",
      unknownProperties: "reject",
    });
    expect(validate({ name: "a", children: [{ name: "b", children: [] }] }).ok).toBe(true);
    const deep = validate({ name: "a", children: [{ name: "b", children: [], x: 1 }] });
    expect(deep.ok ? [] : deep.issues.map((issue) => issue.path)).toEqual([["children", 0, "x"]]);
  });

  it("leaves objects the user made strict or loose as they are", () => {
    const schema = z.object({
      strict: z.strictObject({ a: z.string() }),
      loose: z.looseObject({ a: z.string() }),
    });
    const input = { strict: { a: "1", b: 2 }, loose: { a: "1", b: 2 } };
    expect(compileThroughCore(zod(), schema, body)(input).ok).toBe(false);
    const rejected = compileThroughCore(zod(), schema, {
      target: "body",
      unknownProperties: "reject",
    })(input);
    expect(rejected.ok ? [] : rejected.issues.map((issue) => issue.path)).toEqual([
      ["strict", "b"],
    ]);
  });

  it("reads a failed parse's issues with Zod's own messages and leaves the stack limit as it was", () => {
    const schema = z.object({
      name: z.string().min(1, { error: "name is needed" }),
      age: z.number().int(),
    });
    const validate = compileThroughCore(zod(), schema, { target: "body" });
    const before = Error.stackTraceLimit;
    expect(validate({ name: "", age: 1.5 })).toEqual({
      ok: false,
      issues: [
        { path: ["name"], message: "name is needed", code: "too_small" },
        {
          path: ["age"],
          message: "Invalid input: expected int, received number",
          code: "invalid_type",
        },
      ],
    });
    expect(Error.stackTraceLimit).toBe(before);
  });

  it("leaves an async refinement's throw to core, which answers with the generic issue", async () => {
    const schema = z.object({ a: z.string().refine(async () => true) });
    expect(() => zod().compile(schema, coreCompileOptions("body"))({ a: "x" })).toThrow();
    expect(compileThroughCore(zod(), schema, body)({ a: "x" })).toEqual({
      ok: false,
      issues: [{ path: [], message: "Input could not be validated", code: "validation_exception" }],
    });
    @Route("/things")
    class ThingController {
      @Post()
      create(@Body(schema) thing: unknown) {
        return thing;
      }
    }
    const app = createApp({ schema: zod(), controllers: [ThingController] });
    const response = await app.fetch(
      new Request("http://test.local/things", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: '{"a":"x"}',
      }),
    );
    expect(response.status).toBe(400);
    expect(((await response.json()) as { errors: unknown }).errors).toEqual([
      { in: "body", path: "", message: "Input could not be validated" },
    ]);
  });
});

describe("zod() integers", () => {
  // Zod's int is a safe integer already: the adapter relies on it instead of adding a check.
  const largest = Number.MAX_SAFE_INTEGER;
  const schema = z.object({ a: z.int(), b: z.number().int().optional() });

  it("refuses integers JSON parsing rounds, for z.int() and z.number().int()", () => {
    const validate = compileThroughCore(zod(), schema, body);
    expect(validate(JSON.parse(`{"a":${largest},"b":-${largest}}`)).ok).toBe(true);
    for (const json of ['{"a":9007199254740993}', '{"a":1,"b":-9007199254740993}']) {
      expect(validate(JSON.parse(json)).ok, json).toBe(false);
    }
  });

  it("documents the safe-integer bounds", () => {
    expect(new SchemaRegistry().fromAdapter(zod(), schema).properties).toEqual({
      a: { type: "integer", minimum: -largest, maximum: largest },
      b: { type: "integer", minimum: -largest, maximum: largest },
    });
  });
});

describe("zod() JSON Schema", () => {
  it("documents the input side and drops the dialect marker", () => {
    const registry = new SchemaRegistry();
    const schema = z.object({ count: z.string().transform(Number), when: z.date() });
    expect(registry.fromAdapter(zod(), schema)).toEqual({
      type: "object",
      properties: { count: { type: "string" }, when: {} },
      required: ["count", "when"],
    });
  });

  it("names a recursive model by its id and points its cycle at the component", () => {
    type Category = { name: string; children: Category[] };
    const Category: z.ZodType<Category> = z
      .object({
        name: z.string(),
        get children() {
          return z.array(Category);
        },
      })
      .meta({ id: "Category", description: "A tree of categories" });
    const registry = new SchemaRegistry();
    expect(registry.fromAdapter(zod(), Category)).toEqual(SchemaRegistry.ref("Category"));
    expect(registry.get("Category")).toMatchObject({
      description: "A tree of categories",
      properties: { children: { type: "array", items: SchemaRegistry.ref("Category") } },
    });
  });

  it("asks for a name when a recursive schema has none", () => {
    type Node = { children: Node[] };
    const Node: z.ZodType<Node> = z.object({
      get children() {
        return z.array(Node);
      },
    });
    expect(() => new SchemaRegistry().fromAdapter(zod(), Node)).toThrow(/\.meta\(\{ id/);
  });

  it("reports two different schemas under one id as a collision", () => {
    const registry = new SchemaRegistry();
    registry.fromAdapter(zod(), z.object({ a: z.string() }).meta({ id: "Thing" }));
    expect(() =>
      registry.fromAdapter(zod(), z.object({ b: z.number() }).meta({ id: "Thing" })),
    ).toThrow(/SCHEMA_NAME_COLLISION/);
  });
});
