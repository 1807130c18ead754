import { type TSchema, Type } from "@sinclair/typebox";
import type { UnknownPropertyPolicy, Validator } from "@trellis/core";
import { coreCompileOptions, formRecord, growth, withKeys } from "@trellis/testing";
import { describe, expect, it } from "vitest";
import { typebox } from "./index.js";

// Work must grow linearly with the size of the input, and issues stop at core's cap (100). Times
// are compared between sizes N and 10N on this machine (linear: ~10, quadratic: ~100), never
// against a fixed number of milliseconds.

const user = Type.Object({ name: Type.String({ minLength: 1 }), email: Type.String() });
const team = Type.Object({ name: Type.String(), lead: user });
const numbers = Type.Object({ items: Type.Array(Type.Integer({ minimum: 1, maximum: 10 })) });
const capped = Type.Object({
  items: Type.Array(Type.Integer({ minimum: 1, maximum: 10 }), { maxItems: 1000 }),
});
// TypeBox 0.34 validators answer synchronously.
const compile = (schema: TSchema, unknownProperties: UnknownPropertyPolicy = "strip") =>
  typebox({ precompile: true }).compile(
    schema,
    coreCompileOptions("body", unknownProperties),
  ) as Validator;
const ada = { name: "Ada", email: "ada@example.com" };

describe("typebox() on large inputs", () => {
  it.each(["strip", "reject", "keep"] as const)(
    "handles undeclared keys in linear time (%s)",
    (policy) => {
      const flat = growth(compile(user, policy), (size) => withKeys(size, ada), 10_000);
      const nested = growth(
        compile(team, policy),
        (size) => ({ name: "a", lead: withKeys(size, ada) }),
        10_000,
      );
      const fields = growth(compile(user, policy), formRecord, 6_000);
      expect(flat).toBeLessThan(30);
      expect(nested).toBeLessThan(30);
      expect(fields).toBeLessThan(30);
    },
    120_000,
  );

  it("reports at most 100 issues, the first ones, however many keys are undeclared", () => {
    const result = compile(team, "reject")({ name: "a", lead: withKeys(100_000, ada) });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.issues).toHaveLength(100);
    expect(result.issues[0]).toEqual({
      path: ["lead", "k0"],
      message: 'Unknown property "k0"',
      code: "unknown_property",
    });
    expect(result.issues[99]?.path).toEqual(["lead", "k99"]);
  });

  it("builds at most 100 issues for 150,000 bad items, maxItems first", () => {
    const items = Array.from({ length: 150_000 }, () => 0);
    const result = compile(capped)({ items });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.issues).toHaveLength(100);
    expect(result.issues[0]).toEqual({
      path: ["items"],
      message: "Expected array length to be less or equal to 1000",
      code: "ArrayMaxItems",
    });
    expect(result.issues[1]?.path).toEqual(["items", 0]);
    const unbounded = compile(numbers)({ items });
    expect(unbounded.ok ? [] : unbounded.issues.length).toBe(100);
    // Under the cap the issues are TypeBox's own, every one, in its order.
    const few = compile(numbers)({ items: [0, 1, "x", 11] });
    expect(few.ok ? [] : few.issues.map((issue) => [issue.path, issue.code])).toEqual([
      [["items", 0], "IntegerMinimum"],
      [["items", 2], "Integer"],
      [["items", 3], "IntegerMaximum"],
    ]);
  });

  it("handles bad items in constant or linear time, and 40 such requests leave memory bounded", () => {
    const validate = compile(capped);
    const bad = (size: number) => ({ items: Array.from({ length: size }, () => 0) });
    expect(growth(validate, bad, 15_000)).toBeLessThan(30);
    const input = bad(150_000);
    const gc = (globalThis as { Bun?: { gc(force: boolean): void } }).Bun?.gc;
    gc?.(true);
    const before = process.memoryUsage().rss;
    for (let request = 0; request < 40; request++) validate(input);
    gc?.(true);
    expect(process.memoryUsage().rss - before).toBeLessThan(256 * 1024 * 1024);
  }, 120_000);
});
