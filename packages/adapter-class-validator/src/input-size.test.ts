import "reflect-metadata";
import type { UnknownPropertyPolicy, Validator } from "@trellis/core";
import { coreCompileOptions, formRecord, growth, withKeys } from "@trellis/testing";
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

// Work must grow linearly with the size of the input, and issues stop at core's cap (100). Times
// are compared between sizes N and 10N on this machine (linear: ~10, quadratic: ~100), never
// against a fixed number of milliseconds.

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

describe("classValidator() on large inputs", () => {
  it.each(["strip", "reject", "keep"] as const)(
    "handles undeclared keys in linear time (%s)",
    (policy) => {
      const flat = growth(compile(CreateUser, policy), (size) => withKeys(size, ada), 5_000);
      const nested = growth(
        compile(Team, policy),
        (size) => ({ name: "a", lead: withKeys(size, ada) }),
        5_000,
      );
      const fields = growth(compile(CreateUser, policy), formRecord, 5_000);
      expect(flat).toBeLessThan(30);
      expect(nested).toBeLessThan(30);
      expect(fields).toBeLessThan(30);
    },
    180_000,
  );

  it("copies a declared object of many keys in linear time", () => {
    const tagged = (size: number) => ({ name: "a", attributes: withKeys(size, {}) });
    expect(growth(compile(Tagged), tagged, 5_000)).toBeLessThan(30);
    const result = compile(Tagged)({
      name: "a",
      attributes: { a: 1, nested: { b: [1, { c: 2 }] } },
    });
    expect(result).toEqual({
      ok: true,
      value: expect.objectContaining({ attributes: { a: 1, nested: { b: [1, { c: 2 }] } } }),
    });
  }, 120_000);

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
  });

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
  });

  it("handles bad items in linear time, and 40 such requests leave memory bounded", () => {
    const validate = compile(CappedOrder);
    const bad = (size: number) => ({ lines: Array.from({ length: size }, () => ({ sku: 1 })) });
    expect(growth(compile(Order), bad, 5_000)).toBeLessThan(30);
    const input = bad(150_000);
    const gc = (globalThis as { Bun?: { gc(force: boolean): void } }).Bun?.gc;
    gc?.(true);
    const before = process.memoryUsage().rss;
    for (let request = 0; request < 40; request++) validate(input);
    gc?.(true);
    expect(process.memoryUsage().rss - before).toBeLessThan(256 * 1024 * 1024);
  }, 180_000);
});
