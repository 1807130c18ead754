import type { UnknownPropertyPolicy, Validator } from "@trellis/core/extend";
import {
  coreCompileOptions,
  expectLinearUndeclaredKeys,
  expectLinearWork,
  withKeys,
} from "@trellis/testing";
import { describe, expect, it } from "vitest";
import * as z from "zod";
import { zod } from "./index.js";

// Work must grow linearly with the size of the input, and issues stop at core's cap (100). Work is
// counted, never timed: the operations a validator makes on an input seen through counting
// proxies, at sizes n, 2n and 4n (see expectLinearWork in @trellis/testing).

const user = z.object({ name: z.string().min(1), email: z.email() });
const team = z.object({ name: z.string(), lead: user });
const numbers = z.object({ items: z.array(z.int().min(1)) });
const capped = z.object({ items: z.array(z.int().min(1)).max(1000) });
const compile = (schema: z.ZodType, unknownProperties: UnknownPropertyPolicy = "strip") =>
  // Zod (without async refinements) answers synchronously.
  zod().compile(schema, coreCompileOptions("body", unknownProperties)) as Validator;
const ada = { name: "Ada", email: "ada@example.com" };

describe("zod() on large inputs", () => {
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

  it("reports at most 100 issues for 150,000 bad items, and only maxItems past it", () => {
    const items = Array.from({ length: 150_000 }, () => 0);
    const result = compile(numbers)({ items });
    expect(result.ok ? [] : result.issues.length).toBe(100);
    expect(result.ok ? [] : result.issues[0]?.path).toEqual(["items", 0]);
    expect(compile(capped)({ items })).toEqual({
      ok: false,
      issues: [
        {
          path: ["items"],
          message: "Too big: expected array to have <=1000 items",
          code: "too_big",
        },
      ],
    });
    // Under the cap the issues are Zod's own, every one.
    const few = compile(numbers)({ items: [0, 1, "x"] });
    expect(few.ok ? [] : few.issues.map((issue) => issue.path)).toEqual([
      ["items", 0],
      ["items", 2],
    ]);
  }, 120_000);

  it("handles bad items in linear time, and 40 such requests leave memory bounded", async () => {
    const validate = compile(numbers);
    const bad = (size: number) => ({ items: Array.from({ length: size }, () => 0) });
    await expectLinearWork(validate, bad);
    const input = bad(150_000);
    const gc = (globalThis as { Bun?: { gc(force: boolean): void } }).Bun?.gc;
    gc?.(true);
    const before = process.memoryUsage().rss;
    for (let request = 0; request < 40; request++) validate(input);
    gc?.(true);
    expect(process.memoryUsage().rss - before).toBeLessThan(512 * 1024 * 1024);
  }, 300_000);
});
