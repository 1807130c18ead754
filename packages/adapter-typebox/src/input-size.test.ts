import { type TSchema, Type } from "@sinclair/typebox";
import type { UnknownPropertyPolicy, Validator } from "@trellis/core/extend";
import {
  coreCompileOptions,
  expectLinearUndeclaredKeys,
  expectLinearWork,
  withKeys,
} from "@trellis/testing";
import { describe, expect, it } from "vitest";
import { typebox } from "./index.js";

// Work must grow linearly with the size of the input, and issues stop at core's cap (100). Work is
// counted, never timed: the operations a validator makes on an input seen through counting
// proxies, at sizes n, 2n and 4n (see expectLinearWork in @trellis/testing).

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
    (policy) => expectLinearUndeclaredKeys(compile(user, policy), compile(team, policy)),
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
  }, 120_000);

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
  }, 120_000);

  it("handles bad items in constant or linear time, and 40 such requests leave memory bounded", async () => {
    const validate = compile(capped);
    const bad = (size: number) => ({ items: Array.from({ length: size }, () => 0) });
    // Past maxItems (1000) at every size counted.
    await expectLinearWork(validate, bad, 1_500);
    const input = bad(150_000);
    const gc = (globalThis as { Bun?: { gc(force: boolean): void } }).Bun?.gc;
    gc?.(true);
    const before = process.memoryUsage().rss;
    for (let request = 0; request < 40; request++) validate(input);
    gc?.(true);
    expect(process.memoryUsage().rss - before).toBeLessThan(256 * 1024 * 1024);
  }, 300_000);
});
