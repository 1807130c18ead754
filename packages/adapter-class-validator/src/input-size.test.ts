import "reflect-metadata";
import type { UnknownPropertyPolicy, Validator } from "@trellis/core/extend";
import {
  coreCompileOptions,
  countOperations,
  expectLinearUndeclaredKeys,
  expectLinearWork,
  teamWithKeys,
  withKeys,
} from "@trellis/testing";
import * as transformer from "class-transformer";
import { Transform, Type } from "class-transformer";
import {
  ArrayMaxSize,
  IsArray,
  IsEmail,
  IsInt,
  IsNotEmpty,
  IsObject,
  IsString,
  Min,
  ValidateNested,
} from "class-validator";
import { describe, expect, it, vi } from "vitest";
import { classValidator } from "./index.js";

// Work must grow linearly with the size of the input, and issues stop at core's cap (100). Work is
// counted, never timed: the operations a validator makes on an input seen through counting
// proxies, at sizes n, 2n and 4n (see expectLinearWork in @trellis/testing), and the keys it hands
// class-transformer, whose copy is quadratic in an object's keys (it de-duplicates them with
// indexOf, out of the proxies' sight): those must not grow with the input at all.

class CreateUser {
  @IsString() @IsNotEmpty() name!: string;
  @IsEmail() email!: string;
}

class Team {
  @IsString() name!: string;
  @ValidateNested() @Type(() => CreateUser) lead!: CreateUser;
}

// A @Transform keeps the fast path off: class-transformer builds every instance of this one.
class TransformedTeam {
  @Transform(({ value }) => value) @IsString() name!: string;
  @ValidateNested() @Type(() => CreateUser) lead!: CreateUser;
}

class Tagged {
  @IsString() name!: string;
  @IsObject() attributes!: Record<string, unknown>;
}

class TransformedTagged {
  @Transform(({ value }) => value) @IsString() name!: string;
  @IsObject() attributes!: Record<string, unknown>;
}

class ReadsAttributes {
  @Transform(({ obj }) => Object.keys(obj.attributes).join(",")) @IsString() summary!: string;
  @IsObject() attributes!: Record<string, unknown>;
}

class Line {
  @IsString() sku!: string;
}

class Order {
  @IsArray() @ValidateNested({ each: true }) @Type(() => Line) lines!: Line[];
}

class CappedOrder {
  @IsArray() @ArrayMaxSize(1000) @ValidateNested({ each: true }) @Type(() => Line) lines!: Line[];
}

class Numbers {
  @IsArray() @Min(1, { each: true }) @IsInt({ each: true }) items!: number[];
}

class FullName {
  @IsString() first!: string;
  @Transform(({ obj }) => `${obj.first} ${obj.last}`) @IsString() full!: string;
}

const compile = (model: Function, unknownProperties: UnknownPropertyPolicy = "strip") =>
  // class-validator answers synchronously.
  classValidator().compile(model, coreCompileOptions("body", unknownProperties)) as Validator;
const ada = { name: "Ada", email: "ada@example.com" };

/** Own keys of `value` and of every object and array in it. */
function keysIn(value: unknown): number {
  if (typeof value !== "object" || value === null) return 0;
  return Object.entries(value).reduce((sum, [, inner]) => sum + 1 + keysIn(inner), 0);
}

/**
 * Fails unless `validate` hands class-transformer the same number of keys for `make(size)` at
 * every size: undeclared keys (and a declared object's keys) are kept away from its quadratic copy.
 * `called`: whether class-transformer runs at all for these inputs (it builds no instance once the
 * adapter has rejected one).
 */
function expectSameKeysToClassTransformer(
  validate: Validator,
  make: (size: number) => unknown,
  called: boolean,
): void {
  const spy = vi.spyOn(transformer, "plainToInstance");
  try {
    const handed = [1_000, 4_000].map((size) => {
      spy.mockClear();
      validate(make(size));
      return spy.mock.calls.reduce((sum, [, plain]) => sum + keysIn(plain), 0);
    });
    expect(spy.mock.calls.length > 0, "class-transformer was called").toBe(called);
    expect(handed[1], `keys handed to class-transformer: ${handed.join(", ")}`).toBe(handed[0]);
  } finally {
    spy.mockRestore();
  }
}

describe("classValidator() on large inputs", () => {
  it.each(["strip", "reject", "keep"] as const)(
    "handles undeclared keys in linear time (%s)",
    async (policy) => {
      await expectLinearUndeclaredKeys(compile(CreateUser, policy), compile(Team, policy));
      // A model class-transformer builds: the undeclared keys never reach it.
      const transformed = compile(TransformedTeam, policy);
      await expectLinearWork(transformed, teamWithKeys);
      expectSameKeysToClassTransformer(transformed, teamWithKeys, policy !== "reject");
      const outer = (size: number) => withKeys(size, { name: "a", lead: ada });
      await expectLinearWork(transformed, outer);
      expectSameKeysToClassTransformer(transformed, outer, policy !== "reject");
    },
  );

  it("copies a declared object of many keys in linear time", async () => {
    const tagged = (size: number) => ({ name: "a", attributes: withKeys(size, {}) });
    await expectLinearWork(compile(Tagged), tagged);
    expectSameKeysToClassTransformer(compile(Tagged), tagged, false);
    const result = compile(Tagged)({
      name: "a",
      attributes: { a: 1, nested: { b: [1, { c: 2 }] } },
    });
    expect(result).toEqual({
      ok: true,
      value: expect.objectContaining({ attributes: { a: 1, nested: { b: [1, { c: 2 }] } } }),
    });
  });

  // Found by issue 41: a class with a @Transform handed such an object to class-transformer, keys
  // and all (1,000 keys: 1,002 keys handed; 4,000: 4,002), whose copy is quadratic in them (10,000
  // keys: 706 ms; 40,000: 4,850 ms). The object is copied here instead, left out of the view.
  it("copies a declared object of many keys in linear time in a class with a @Transform", async () => {
    const tagged = (size: number) => ({ name: "a", attributes: withKeys(size, {}) });
    for (const policy of ["strip", "reject", "keep"] as const) {
      const validate = compile(TransformedTagged, policy);
      await expectLinearWork(validate, tagged);
      expectSameKeysToClassTransformer(validate, tagged, true);
    }
    const attributes = { a: 1, nested: { b: [1, { c: 2 }] } };
    const result = compile(TransformedTagged)({ name: "a", attributes });
    expect(result.ok && { ...(result.value as object) }).toEqual({ name: "a", attributes });
    expect(result.ok && (result.value as TransformedTagged).attributes).not.toBe(attributes);
    // A @Transform reading the object it is given still finds the value left out of the view.
    const read = compile(ReadsAttributes)({ summary: "?", attributes: { a: 1, b: 2 } });
    expect(read.ok && (read.value as ReadsAttributes).summary).toBe("a,b");
  });

  it("hands class-transformer only the keys it is to copy, with the same outcome", () => {
    const spy = vi.spyOn(transformer, "plainToInstance");
    const input = { name: "a", lead: { ...ada, admin: true }, role: "owner" };
    const result = compile(TransformedTeam)(input);
    expect(spy).toHaveBeenCalledTimes(1);
    const seen = spy.mock.calls[0]?.[1] as Record<string, Record<string, unknown>>;
    expect(Object.keys(seen)).toEqual(["name", "lead"]);
    expect(Object.keys(seen.lead as object)).toEqual(["name", "email"]);
    spy.mockRestore();
    expect(result.ok).toBe(true);
    expect(JSON.parse(JSON.stringify((result as { value: unknown }).value))).toEqual({
      name: "a",
      lead: ada,
    });
    expect(input.lead).toEqual({ ...ada, admin: true }); // the input is never changed
    // The fast path builds the same from the same view, without class-transformer.
    const fast = compile(Team)(input);
    expect(fast.ok && JSON.parse(JSON.stringify(fast.value))).toEqual({ name: "a", lead: ada });
    expect(fast.ok && (fast.value as Team).lead).toBeInstanceOf(CreateUser);
    // A @Transform that reads an undeclared key of the object it is given still finds it.
    const full = compile(FullName)({ first: "Ada", last: "Lovelace", full: "?" });
    expect(full.ok && { ...(full.value as object) }).toEqual({
      first: "Ada",
      full: "Ada Lovelace",
    });
  });

  it("reports at most 100 issues, the first ones, however many keys are undeclared", () => {
    const result = compile(Team, "reject")({ name: "a", lead: withKeys(100_000, ada) });
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

  it("reports at most 100 issues for 150,000 bad items, and only the bound past ArrayMaxSize", () => {
    const lines = Array.from({ length: 150_000 }, () => ({ sku: 1 }));
    const result = compile(Order)({ lines });
    expect(result.ok ? [] : result.issues.length).toBe(100);
    expect(result.ok ? [] : result.issues[0]).toEqual({
      path: ["lines", 0, "sku"],
      message: "sku must be a string",
      code: "isString",
    });
    expect(compile(CappedOrder)({ lines })).toEqual({
      ok: false,
      issues: [
        {
          path: ["lines"],
          message: "lines must contain no more than 1000 elements",
          code: "arrayMaxSize",
        },
      ],
    });
    const rejected = compile(
      Order,
      "reject",
    )({
      lines: Array.from({ length: 150_000 }, () => ({ sku: "a", extra: 1 })),
    });
    expect(rejected.ok ? [] : rejected.issues.length).toBe(100);
    const items = compile(Numbers)({ items: Array.from({ length: 150_000 }, () => 0) });
    expect(items.ok ? [] : items.issues).toHaveLength(1);
    // Under the cap the issues are class-validator's own, every one.
    const few = compile(Order)({ lines: [{ sku: 1 }, { sku: "a" }, { sku: 2 }] });
    expect(few.ok ? [] : few.issues.map((issue) => issue.path)).toEqual([
      ["lines", 0, "sku"],
      ["lines", 2, "sku"],
    ]);
  }, 300_000);

  it("reads no item past an ArrayMaxSize that always applies, the fast path included", () => {
    const validate = compile(CappedOrder);
    const operations = (size: number) => {
      const counted = countOperations({ lines: Array.from({ length: size }, () => ({})) });
      const result = validate(counted.view);
      expect(result.ok ? [] : result.issues.map((issue) => issue.code)).toContain("arrayMaxSize");
      return counted.operations();
    };
    // The same work at 1,500 items as at 150,000: the bound is checked first.
    expect(operations(150_000)).toBe(operations(1_500));
  });

  it("handles bad items in linear time, and 40 such requests leave memory bounded", async () => {
    const validate = compile(CappedOrder);
    const bad = (size: number) => ({ lines: Array.from({ length: size }, () => ({ sku: 1 })) });
    await expectLinearWork(compile(Order), bad);
    // Past ArrayMaxSize (1000) at every size counted.
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
