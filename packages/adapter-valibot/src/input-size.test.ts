import type { UnknownPropertyPolicy, Validator } from "@trellis/core/extend";
import {
  coreCompileOptions,
  expectLinearUndeclaredKeys,
  expectLinearWork,
  withKeys,
} from "@trellis/testing";
import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { valibot } from "./index.js";

// Work must grow linearly with the size of the input, and issues stop at core's cap (100). Work is
// counted, never timed: the operations a validator makes on an input seen through counting
// proxies, at sizes n, 2n and 4n (see expectLinearWork in @trellis/testing).

const user = v.object({ name: v.pipe(v.string(), v.minLength(1)), email: v.string() });
const team = v.object({ name: v.string(), lead: user });
const item = v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(10));
const numbers = v.object({ items: v.array(item) });
const capped = v.object({ items: v.pipe(v.array(item), v.maxLength(1000)) });
const scores = v.object({ scores: v.record(v.string(), item) });
const compile = (schema: v.GenericSchema, unknownProperties: UnknownPropertyPolicy = "strip") =>
  // Valibot (without async actions) answers synchronously.
  valibot().compile(schema, coreCompileOptions("body", unknownProperties)) as Validator;
const ada = { name: "Ada", email: "ada@example.com" };

describe("valibot() on large inputs", () => {
  it.each(["strip", "reject", "keep"] as const)(
    "handles undeclared keys in linear time (%s)",
    (policy) => expectLinearUndeclaredKeys(compile(user, policy), compile(team, policy)),
  );

  it("reports the first undeclared key of 100,000 when rejecting, as Valibot does", () => {
    const result = compile(team, "reject")({ name: "a", lead: withKeys(100_000, ada) });
    expect(result).toEqual({
      ok: false,
      issues: [
        { path: ["lead", "k0"], message: 'Unknown property "k0"', code: "unknown_property" },
      ],
    });
  }, 120_000);

  it("builds at most 100 issues for 150,000 bad items, and only maxLength past it", () => {
    const items = Array.from({ length: 150_000 }, () => 0);
    const unbounded = compile(numbers)({ items });
    expect(unbounded.ok).toBe(false);
    if (unbounded.ok) return;
    expect(unbounded.issues).toHaveLength(100);
    expect(unbounded.issues[0]).toEqual({
      path: ["items", 0],
      message: "Invalid value: Expected >=1 but received 0",
      code: "min_value",
    });
    expect(unbounded.issues[99]?.path).toEqual(["items", 99]);
    expect(compile(capped)({ items })).toEqual({
      ok: false,
      issues: [
        {
          path: ["items"],
          message: "Invalid length: Expected <=1000 but received 150000",
          code: "max_length",
        },
      ],
    });
    const entries = Object.fromEntries(items.map((value, index) => [`k${index}`, value]));
    const record = compile(scores)({ scores: entries });
    expect(record.ok ? [] : record.issues.length).toBe(100);
    // Under the cap the issues are Valibot's own, every one, in its order.
    const few = compile(capped)({ items: [0, 1, "x", 11] });
    expect(few.ok ? [] : few.issues.map((issue) => [issue.path, issue.code])).toEqual([
      [["items", 0], "min_value"],
      [["items", 2], "number"],
      [["items", 3], "max_value"],
    ]);
    const long = compile(capped)({ items: Array.from({ length: 1001 }, () => 1) });
    expect(long.ok ? [] : long.issues.map((issue) => issue.code)).toEqual(["max_length"]);
  }, 120_000);

  it("handles bad items in constant or linear time, and 40 such requests leave memory bounded", async () => {
    const validate = compile(numbers);
    const bad = (size: number) => ({ items: Array.from({ length: size }, () => 0) });
    await expectLinearWork(validate, bad);
    const input = bad(150_000);
    const gc = (globalThis as { Bun?: { gc(force: boolean): void } }).Bun?.gc;
    gc?.(true);
    const before = process.memoryUsage().rss;
    for (let request = 0; request < 40; request++) validate(input);
    gc?.(true);
    expect(process.memoryUsage().rss - before).toBeLessThan(256 * 1024 * 1024);
  }, 300_000);
});
