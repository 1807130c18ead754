import Type, { type TSchema } from "typebox";
import { Compile } from "typebox/compile";
import { describe, expect, it } from "vitest";
import { compileTypeBox1PropertyIssues } from "./property-issues-1.js";
import { type TypeBox1Error, toIssues } from "./typebox-1-issues.js";

const Item = Type.Object({ sku: Type.String({ minLength: 2 }), tags: Type.Array(Type.String()) });
const Order = Type.Object({
  "a/b~c": Type.Integer({ minimum: 1 }),
  name: Type.String({ minLength: 1, maxLength: 3 }),
  email: Type.String({ format: "email" }),
  note: Type.Optional(Type.String({ maxLength: 2 })),
  kind: Type.Union([Type.Literal("a"), Type.Literal("b")]),
  items: Type.Array(Item, { maxItems: 2 }),
  customer: Type.Object({ id: Type.String(), vip: Type.Optional(Type.Boolean()) }),
});

/** What TypeBox 1.x's walk of the whole value reports, as issues. */
const walked = (schema: TSchema, input: unknown, limit: number) =>
  toIssues(Compile(schema).Errors(input) as unknown as TypeBox1Error[], limit);

describe("compileTypeBox1PropertyIssues", () => {
  const byProperty = compileTypeBox1PropertyIssues(Order, {});
  const valid = {
    "a/b~c": 1,
    name: "Ada",
    email: "ada@example.com",
    kind: "a",
    items: [{ sku: "ab", tags: [] }],
    customer: { id: "c" },
  };

  it("gives exactly the issues of TypeBox 1.x's walk of the whole object, in its order", () => {
    const inputs: Record<string, unknown>[] = [
      { ...valid, "a/b~c": 0, name: "" },
      { ...valid, name: "long name", note: "too long", email: "nope" },
      { ...valid, kind: "c", items: [{ sku: "x", tags: [1, "y"] }, { tags: [] }, {}] },
      { ...valid, customer: { vip: "yes" } },
      { ...valid, customer: [] },
      { ...valid, "a/b~c": "1", name: 5, items: "no", extra: true },
    ];
    for (const input of inputs) {
      const issues = byProperty?.(input, 100);
      expect(issues?.length).toBeGreaterThan(0);
      expect(issues).toEqual(walked(Order, input, 100));
      expect(byProperty?.(input, 1)).toEqual(walked(Order, input, 1));
    }
  });

  it("leaves to the whole walk what only it finds", () => {
    const { name: _, ...withoutName } = valid;
    expect(byProperty?.(withoutName, 100)).toBeUndefined(); // a required key missing
    expect(byProperty?.([1], 100)).toBeUndefined();
    expect(byProperty?.("text", 100)).toBeUndefined();
    for (const schema of [
      Type.Object({ a: Type.String() }, { additionalProperties: false }),
      Type.Object({ a: Type.String() }, { minProperties: 1 }),
      Type.Array(Type.String()),
      Type.String(),
      Type.Union([Type.Object({ a: Type.String() }), Type.Object({ b: Type.String() })]),
    ]) {
      expect(compileTypeBox1PropertyIssues(schema, {})).toBeUndefined();
    }
  });
});
