import { Type } from "@sinclair/typebox";
import { TypeCompiler } from "@sinclair/typebox/compiler";
import { describe, expect, it } from "vitest";
import { compilePropertyIssues } from "./property-issues.js";
import { toIssues } from "./to-issues.js";

describe("compilePropertyIssues", () => {
  const Item = Type.Object({ sku: Type.String({ minLength: 2 }), tags: Type.Array(Type.String()) });
  const Order = Type.Object({
    "a/b~c": Type.Integer({ minimum: 1 }),
    name: Type.String({ minLength: 1, maxLength: 3 }),
    note: Type.Optional(Type.String({ maxLength: 2 })),
    items: Type.Array(Item),
  });
  const whole = TypeCompiler.Compile(Order);
  const byProperty = compilePropertyIssues(Order, () => []);

  it("gives exactly the issues of TypeBox's walk of the whole object, in its order", () => {
    const inputs: Record<string, unknown>[] = [
      { "a/b~c": 0, name: "", items: [] },
      { "a/b~c": 2, name: "long name", note: "too long", items: [{ sku: "x", tags: [1, "y"] }] },
      { "a/b~c": "1", name: 5, note: undefined, items: "no", extra: true },
    ];
    for (const input of inputs) {
      const issues = byProperty?.(input, 100);
      expect(issues?.length).toBeGreaterThan(0);
      expect(issues).toEqual(toIssues(whole.Errors(input), input, 100));
    }
    const many = { "a/b~c": 0, name: "", items: [] };
    expect(byProperty?.(many, 1)).toEqual(toIssues(whole.Errors(many), many, 1));
  });

  it("leaves to the whole walk what only it finds", () => {
    expect(byProperty?.({ name: "x", items: [] }, 100)).toBeUndefined(); // a required key missing
    expect(byProperty?.([1], 100)).toBeUndefined();
    expect(byProperty?.("text", 100)).toBeUndefined();
    const closed = Type.Object({}, { additionalProperties: false });
    expect(compilePropertyIssues(closed, () => [])).toBeUndefined();
    expect(compilePropertyIssues(Type.Object({}, { minProperties: 1 }), () => [])).toBeUndefined();
    expect(compilePropertyIssues(Type.Array(Type.String()), () => [])).toBeUndefined();
  });
});
