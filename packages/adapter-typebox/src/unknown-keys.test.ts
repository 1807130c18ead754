import { Type } from "@sinclair/typebox";
import { coreCompileOptions } from "@trellis/testing";
import { describe, expect, it } from "vitest";
import { compileKeyWalker } from "./unknown-keys.js";

describe("compileKeyWalker's strip of a model of named properties", () => {
  const Item = Type.Object({ sku: Type.String(), tags: Type.Array(Type.String()) });
  const Order = Type.Object({
    id: Type.String(),
    items: Type.Array(Item),
    note: Type.Optional(Type.String()),
  });
  const { unknownPropertyIssue } = coreCompileOptions("body");
  const strip = (value: unknown) =>
    compileKeyWalker(Order, new Map(), () => [], unknownPropertyIssue)?.strip(value);

  it("hands clean input on as it is, the very same object", () => {
    const clean = { id: "1", items: [{ sku: "a", tags: [] }] };
    expect(strip(clean)).toBe(clean);
  });

  it("removes undeclared keys at every level, keeps absent optionals absent, never mutates", () => {
    const input = {
      extra: true,
      items: [{ tags: ["x"], sku: "a", internal: 1 }],
      id: "1",
    };
    const before = JSON.stringify(input);
    const stripped = strip(input) as Record<string, unknown>;
    expect(stripped).toEqual({ id: "1", items: [{ sku: "a", tags: ["x"] }] });
    // A copy lists the model's properties in the model's order.
    expect(Object.keys(stripped)).toEqual(["id", "items"]);
    expect(Object.hasOwn(stripped, "note")).toBe(false);
    expect(JSON.stringify(input)).toBe(before);
  });

  it("keeps a declared property whose value is undefined, as the input has it", () => {
    const stripped = strip({ id: "1", items: [], note: undefined, more: 1 }) as object;
    expect(Object.hasOwn(stripped, "note")).toBe(true);
  });
});
