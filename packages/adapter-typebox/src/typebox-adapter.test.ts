import { FormatRegistry, Kind, type TSchema, Type } from "@sinclair/typebox";
import { TypeCompiler } from "@sinclair/typebox/compiler";
import { Cookie, createApp, Get, Header, Query, Route } from "@trellis/core";
import { compileThroughCore, coreCompileOptions, SchemaRegistry } from "@trellis/testing";
import { afterEach, describe, expect, it, vi } from "vitest";
import { typebox } from "./index.js";

const body = { target: "body" } as const;
const reject = { target: "body", unknownProperties: "reject" } as const;

describe("typebox()", () => {
  it("refuses what is not a TypeBox schema at compile time", () => {
    expect(() => typebox().compile({ type: "string" }, coreCompileOptions("body"))).toThrow(
      /Not a TypeBox schema/,
    );
  });

  it("explains a refused TypeBox schema by its line, and leaves other values to core", () => {
    const adapter = typebox();
    expect(adapter.explainRefusal?.({ type: "string", "~kind": "String" })?.reason).toContain(
      "TypeBox 1.x schema",
    );
    expect(adapter.explainRefusal?.({ [Kind]: "String", type: "string" })?.reason).toContain(
      "@sinclair/typebox 0.34 schema",
    );
    expect(adapter.explainRefusal?.({ type: "string" })).toBeUndefined();
  });

  it("reports errors with JSON paths, array positions as numbers", () => {
    const schema = Type.Object({ "a/b": Type.Array(Type.Object({ n: Type.Integer() })) });
    const result = compileThroughCore(typebox(), schema, body)({ "a/b": [{ n: 1 }, { n: "2" }] });
    expect(result.ok ? [] : result.issues.map((issue) => issue.path)).toContainEqual([
      "a/b",
      1,
      "n",
    ]);
    expect(result.ok ? [] : result.issues.map((issue) => issue.code)).toContain("Integer");
  });

  it("strips through intersections and keeps record keys", () => {
    const schema = Type.Object({
      both: Type.Intersect([Type.Object({ a: Type.String() }), Type.Object({ b: Type.String() })]),
      scores: Type.Record(Type.String(), Type.Object({ n: Type.Number() })),
    });
    const input = { both: { a: "1", b: "2", c: "3" }, scores: { x: { n: 1, junk: 0 } } };
    expect(compileThroughCore(typebox(), schema, body)(input)).toEqual({
      ok: true,
      value: { both: { a: "1", b: "2" }, scores: { x: { n: 1 } } },
    });
  });

  it("keeps what additionalProperties declares and rejects what it forbids", () => {
    const open = Type.Object({ a: Type.String() }, { additionalProperties: Type.Number() });
    expect(compileThroughCore(typebox(), open, body)({ a: "x", b: 1 })).toEqual({
      ok: true,
      value: { a: "x", b: 1 },
    });
    const closed = Type.Object({ a: Type.String() }, { additionalProperties: false });
    expect(compileThroughCore(typebox(), closed, body)({ a: "x", b: 1 }).ok).toBe(false);
  });

  it("reports type errors and unknown properties together when rejecting", () => {
    const schema = Type.Object({ a: Type.String(), inner: Type.Object({ b: Type.Number() }) });
    const result = compileThroughCore(
      typebox(),
      schema,
      reject,
    )({ a: 1, inner: { b: 2, c: 3 }, d: 4 });
    expect(result.ok ? [] : result.issues.map((issue) => issue.path)).toEqual(
      expect.arrayContaining([["a"], ["inner", "c"], ["d"]]),
    );
  });

  it("validates and strips recursive schemas", () => {
    const Node = Type.Recursive(
      (This) => Type.Object({ name: Type.String(), children: Type.Array(This) }),
      { $id: "Node" },
    );
    const validate = compileThroughCore(typebox(), Node, body);
    expect(validate({ name: "a", children: [{ name: "b", children: [], x: 1 }] })).toEqual({
      ok: true,
      value: { name: "a", children: [{ name: "b", children: [] }] },
    });
    const registry = new SchemaRegistry();
    expect(registry.fromAdapter(typebox(), Node)).toEqual(SchemaRegistry.ref("Node"));
    expect(registry.get("Node")?.properties?.children?.items).toEqual(SchemaRegistry.ref("Node"));
  });

  it("resolves Type.Ref through the references option", () => {
    const Address = Type.Object({ city: Type.String() }, { $id: "Address" });
    const schema = Type.Object({ home: Type.Ref("Address") });
    const adapter = typebox({ references: [Address] });
    expect(compileThroughCore(adapter, schema, body)({ home: { city: "x", zip: 1 } })).toEqual({
      ok: true,
      value: { home: { city: "x" } },
    });
    const registry = new SchemaRegistry();
    expect(registry.fromAdapter(adapter, schema).properties?.home).toEqual(
      SchemaRegistry.ref("Address"),
    );
    expect(() => typebox().compile(schema, coreCompileOptions("body"))).toThrow();
  });

  it("leaves an app's own format alone", () => {
    FormatRegistry.Set("uuid", (value) => value === "my-id");
    const schema = Type.String({ format: "uuid" });
    expect(compileThroughCore(typebox(), schema, body)("my-id").ok).toBe(true);
    FormatRegistry.Delete("uuid");
  });
});

describe("typebox() compiling", () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("compiles on a schema's first request, once, and validates that request", () => {
    const compile = vi.spyOn(TypeCompiler, "Compile");
    const validate = compileThroughCore(typebox(), Type.Object({ a: Type.String() }), body);
    expect(compile).not.toHaveBeenCalled();
    expect(validate({ a: "x", b: 2 })).toEqual({ ok: true, value: { a: "x" } });
    expect(compile).toHaveBeenCalledTimes(1);
    // A failing property gets its own check (for its errors), compiled on its first failure, once.
    expect(validate({ a: 1 }).ok).toBe(false);
    expect(validate({ a: 2 }).ok).toBe(false);
    expect(compile).toHaveBeenCalledTimes(2);
  });

  it("compiles inside compile() with precompile", () => {
    const compile = vi.spyOn(TypeCompiler, "Compile");
    compileThroughCore(typebox({ precompile: true }), Type.Object({ a: Type.String() }), body);
    expect(compile).toHaveBeenCalledTimes(1);
  });

  it("still refuses at compile() what TypeBox could not compile later", () => {
    const unknownKind = { [Kind]: "NoSuchKind", type: "string" } as unknown as TSchema;
    expect(() =>
      typebox().compile(Type.Object({ a: unknownKind }), coreCompileOptions("body")),
    ).toThrow(/NoSuchKind/);
    expect(() =>
      typebox().compile(Type.Array(Type.Ref("Missing")), coreCompileOptions("body")),
    ).toThrow(/Unable to dereference schema with \$id 'Missing'/);
  });

  it("hands TypeBox a fresh references list per compile, so compiles stay independent", () => {
    const Address = Type.Object({ city: Type.String() }, { $id: "Address" });
    const adapter = typebox({ references: [Address] });
    const compile = vi.spyOn(TypeCompiler, "Compile");
    for (let index = 0; index < 20; index++) {
      const schema = Type.Object({ home: Type.Ref("Address") }, { $id: `Model${index}` });
      expect(compileThroughCore(adapter, schema, body)({ home: { city: "x" } }).ok).toBe(true);
    }
    // TypeBox appends each `$id` schema to the list it is given; none may leak into the next.
    const lists = compile.mock.calls.map((call) => call[1] as unknown[]);
    expect(new Set(lists).size).toBe(20);
    expect(lists.every((list) => list[0] === Address && list.length <= 2)).toBe(true);
  });

  it("knows whether a missing value passes without compiling, as the validator decides", () => {
    const adapter = typebox();
    const compile = vi.spyOn(TypeCompiler, "Compile");
    const schemas = [
      Type.Object({ a: Type.String() }),
      Type.String(),
      Type.Union([Type.String(), Type.Undefined()]),
      Type.Any(),
    ];
    const options = coreCompileOptions("body");
    const answers = schemas.map((schema) => adapter.acceptsMissing?.(schema, options));
    expect(compile).not.toHaveBeenCalled();
    expect(answers).toEqual([false, false, true, true]);
    expect(answers).toEqual(
      schemas.map((schema) => compileThroughCore(adapter, schema, body)(undefined).ok),
    );
  });

  it("returns clean input as it is and copies only what it strips, never mutating", () => {
    const schema = Type.Object({
      user: Type.Object({ name: Type.String() }),
      tags: Type.Array(Type.Object({ id: Type.String() })),
    });
    const validate = compileThroughCore(typebox(), schema, body);
    const clean = { user: { name: "Ada" }, tags: [{ id: "a" }] };
    expect((validate(clean) as { value: unknown }).value).toBe(clean);
    const dirty = { user: { name: "Ada", admin: true }, tags: [{ id: "a" }, { id: "b", x: 1 }] };
    const snapshot = structuredClone(dirty);
    const value = (validate(dirty) as { value: typeof clean }).value;
    expect(value).toEqual({ user: { name: "Ada" }, tags: [{ id: "a" }, { id: "b" }] });
    expect(value.tags[0]).toBe(dirty.tags[0]); // unchanged parts are shared, not copied
    expect(dirty).toEqual(snapshot);
  });

  it("answers plain objects for records without a prototype, a __proto__ key staying a key", () => {
    const schema = Type.Object({ q: Type.String(), page: Type.Optional(Type.Integer()) });
    // How core reads a query string, headers or cookies: a record without a prototype.
    const record = Object.create(null) as Record<string, unknown>;
    record.q = "tea";
    record.page = 2;
    for (const unknownProperties of ["strip", "reject", "keep"] as const) {
      const result = compileThroughCore(typebox(), schema, { target: "query", unknownProperties })(
        record,
      );
      expect(result.ok, unknownProperties).toBe(true);
      const value = (result as { value: object }).value;
      expect(Object.getPrototypeOf(value), unknownProperties).toBe(Object.prototype);
      expect(value).toEqual({ q: "tea", page: 2 });
    }
    // An own key, as core's query reading makes it (the record has no __proto__ setter).
    Object.defineProperty(record, "__proto__", {
      value: { polluted: true },
      enumerable: true,
      writable: true,
      configurable: true,
    });
    const kept = compileThroughCore(typebox(), schema, {
      target: "query",
      unknownProperties: "keep",
    })(record);
    const value = (kept as { value: Record<string, unknown> }).value;
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(value, "__proto__")?.value).toEqual({ polluted: true });
    expect(value.polluted).toBeUndefined();
    const stripped = compileThroughCore(typebox(), schema, { target: "query" })(record);
    expect(Object.keys((stripped as { value: object }).value)).toEqual(["q", "page"]);
  });

  it("gives a handler's whole-object query, header and cookie bindings Object.prototype", async () => {
    const Search = Type.Object({ q: Type.String() });
    const Headers = Type.Object({ "x-tenant": Type.String() });
    const Cookies = Type.Object({ session: Type.String() });
    @Route("/search")
    class SearchController {
      @Get()
      find(
        @Query(Search) query: object,
        @Header(Headers) headers: object,
        @Cookie(Cookies) cookies: object,
      ) {
        return [query, headers, cookies].map(
          (value) => Object.getPrototypeOf(value) === Object.prototype,
        );
      }
    }
    const app = createApp({ schema: typebox(), controllers: [SearchController] });
    const response = await app.fetch(
      new Request("http://test.local/search?q=tea", {
        headers: { "x-tenant": "acme", cookie: "session=abc" },
      }),
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual([true, true, true]);
  });
});

describe("typebox() JSON Schema", () => {
  it("is the schema without TypeBox's symbols, tuples as prefixItems, JS-only types as {}", () => {
    const schema = Type.Object({
      pair: Type.Tuple([Type.String(), Type.Number()]),
      when: Type.Date(),
      big: Type.Optional(Type.BigInt()),
      tag: Type.String({ default: "x", description: "a tag" }),
    });
    const emitted = new SchemaRegistry().fromAdapter(typebox(), schema);
    expect(emitted).toEqual({
      type: "object",
      required: ["pair", "when", "tag"],
      properties: {
        pair: {
          type: "array",
          prefixItems: [{ type: "string" }, { type: "number" }],
          items: false,
          minItems: 2,
          maxItems: 2,
        },
        when: {},
        big: {},
        tag: { type: "string", default: "x", description: "a tag" },
      },
    });
    expect(Object.getOwnPropertySymbols(emitted)).toEqual([]);
  });
});
