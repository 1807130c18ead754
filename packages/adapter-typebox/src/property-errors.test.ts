import { Type } from "@sinclair/typebox";
import { TypeCompiler } from "@sinclair/typebox/compiler";
import { describe, expect, it } from "vitest";
import { compilePropertyErrors } from "./property-errors.js";

const plain = (errors: Iterable<{ path: string; message: string; type: number }>) =>
  [...errors].map(({ path, message, type }) => ({ path, message, type }));

describe("compilePropertyErrors", () => {
  const Item = Type.Object({ sku: Type.String({ minLength: 2 }), tags: Type.Array(Type.String()) });
  const Order = Type.Object({
    "a/b~c": Type.Integer({ minimum: 1 }),
    name: Type.String({ minLength: 1, maxLength: 3 }),
    note: Type.Optional(Type.String({ maxLength: 2 })),
    items: Type.Array(Item),
  });
  const whole = TypeCompiler.Compile(Order);
  const byProperty = compilePropertyErrors(Order, () => []);

  it("gives exactly the errors TypeBox gives for the whole object, in its order", () => {
    const inputs: Record<string, unknown>[] = [
      { "a/b~c": 0, name: "", items: [] },
      { "a/b~c": 2, name: "long name", note: "too long", items: [{ sku: "x", tags: [1, "y"] }] },
      { "a/b~c": "1", name: 5, note: undefined, items: "no", extra: true },
    ];
    for (const input of inputs) {
      const errors = byProperty?.(input);
      expect(errors).toBeDefined();
      const found = plain(errors ?? []);
      expect(found).toEqual(plain(whole.Errors(input)));
      expect(found.length).toBeGreaterThan(0);
    }
  });

  it("leaves to the whole walk what only it finds", () => {
    expect(byProperty?.({ name: "x", items: [] })).toBeUndefined(); // a required key missing
    expect(byProperty?.([1])).toBeUndefined();
    expect(byProperty?.("text")).toBeUndefined();
    expect(compilePropertyErrors(Type.Object({}, { additionalProperties: false }), () => [])).toBe(
      undefined,
    );
    expect(compilePropertyErrors(Type.Object({}, { minProperties: 1 }), () => [])).toBeUndefined();
    expect(compilePropertyErrors(Type.Array(Type.String()), () => [])).toBeUndefined();
  });
});
