import { describe, expect, it } from "vitest";
import { refusalOf } from "./foreign-schema.js";
import type { SchemaAdapter } from "./schema-adapter.js";

/** An adapter that recognises nothing, with an explanation of its own when given one. */
const adapter = (explainRefusal?: SchemaAdapter["explainRefusal"]): SchemaAdapter => ({
  name: "any",
  isSchema: () => false,
  compile: () => (value) => ({ ok: true, value }),
  toJsonSchema: () => ({}),
  ...(explainRefusal === undefined ? {} : { explainRefusal }),
});

const reasonOf = (value: unknown) => refusalOf(value, adapter()).reason;

describe("refusalOf", () => {
  it("names the adapter to use for another library's schema", () => {
    const zodLike = { _zod: { def: {} }, safeParse: () => ({}) };
    expect(reasonOf(zodLike)).toBe(
      "it looks like a Zod schema: pass zod() from @trellis/adapter-zod as createApp's `schema`",
    );
    const typeboxLike = { [Symbol.for("TypeBox.Kind")]: "Object", type: "object" };
    expect(reasonOf(typeboxLike)).toContain("typebox() from @trellis/adapter-typebox");
    const valibotLike = { kind: "schema", type: "object", "~run": () => ({}) };
    expect(reasonOf(valibotLike)).toContain("valibot() from @trellis/adapter-valibot");
  });

  it("says why a class or a plain value is not a schema", () => {
    class CreateOrder {}
    expect(reasonOf(CreateOrder)).toContain("it is a class (CreateOrder)");
    expect(reasonOf(CreateOrder)).toContain("classValidator()");
    expect(reasonOf(undefined)).toContain("import cycle");
    expect(reasonOf(null)).toBe("it is null");
    expect(reasonOf({ type: "object" })).toContain("plain JSON Schema");
    expect(reasonOf({ a: 1 })).toBe("it is a plain object, not a schema");
    expect(reasonOf(42)).toBe("it is a number, not a schema");
  });

  it("points a Standard Schema value of no known library to standardSchema()", () => {
    const validate = () => ({ value: 1 });
    const arkLike = Object.assign(() => 1, {
      "~standard": { version: 1, vendor: "arktype", validate, jsonSchema: { input: () => ({}) } },
    });
    expect(reasonOf(arkLike)).toContain("standardSchema() from @trellis/adapter-standard-schema");
    const zodAlsoStandard = { _zod: { def: {} }, "~standard": { version: 1, validate } };
    expect(reasonOf(zodAlsoStandard)).toContain("zod() from @trellis/adapter-zod");
  });

  it("prefers the adapter's own explanation, with its error kind, over core's guess", () => {
    const explaining = adapter((value) =>
      typeof value === "function"
        ? { reason: "no decorators", missingJsonSchema: true }
        : undefined,
    );
    class Plain {}
    expect(refusalOf(Plain, explaining)).toEqual({
      reason: "no decorators",
      missingJsonSchema: true,
    });
    expect(refusalOf({ a: 1 }, explaining)).toEqual({
      reason: "it is a plain object, not a schema",
    });
    expect(refusalOf(undefined, explaining).reason).toContain("import cycle");
  });
});
