import type { ValidationResult } from "@trellis/core/extend";
import "reflect-metadata";
import type { UnknownPropertyPolicy } from "@trellis/core/extend";
import { compileThroughCore } from "@trellis/testing";
import { corpus, inputOf } from "@trellis/testing/conformance";
import { Transform } from "class-transformer";
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsDefined,
  IsInt,
  IsOptional,
  IsString,
  Max,
  Min,
  MinLength,
  registerDecorator,
  ValidateIf,
} from "class-validator";
import { describe, expect, it, vi } from "vitest";
import { fixtures } from "./conformance.fixtures.js";
import { classValidator } from "./index.js";

// `transformer: {}` turns the fast path off: plainToInstance + validateSync on every input.
const fast = (unknownProperties?: UnknownPropertyPolicy) => classValidator({ unknownProperties });
const full = (unknownProperties?: UnknownPropertyPolicy) =>
  classValidator({ unknownProperties, transformer: {} });

/** The adapter's result as plain data: the decision, the value's class and fields, the issues. */
function outcome(result: ValidationResult) {
  if (!result.ok) return { ok: false, issues: result.issues };
  const value = result.value as object;
  return { ok: true, type: value.constructor, fields: JSON.parse(JSON.stringify(value)) };
}

class Tagged {
  @IsString() @MinLength(1) name!: string;
  @IsOptional() @IsInt() @Min(0) @Max(150) age?: number;
  @IsArray() @IsString({ each: true }) @ArrayMaxSize(3) tags!: string[];
  @IsBoolean() active!: boolean;
}

class WithDefault {
  @IsOptional() @IsInt() page: number = 1;
  @IsString() q!: string;
}

class WithHidden {
  @IsString() name!: string;
  secret = "set by the constructor";
}

class Trimmed {
  @Transform(({ value }) => (typeof value === "string" ? value.trim() : value))
  @IsString()
  @MinLength(1)
  name!: string;
}

class WithGetter {
  @IsString() name!: string;
  @IsOptional() @IsString() get label(): string {
    return "fixed";
  }
}

class Conditional {
  @IsDefined() kind!: string;
  @ValidateIf((object: Conditional) => object.kind === "named") @IsString() name?: string;
}

const inputs: unknown[] = [
  { name: "Ada", tags: ["a", "b"], active: true },
  { name: "Ada", age: 36, tags: [], active: false },
  { name: "", tags: [], active: true },
  { name: "Ada", age: 151, tags: [], active: true },
  { name: "Ada", tags: ["a", 1], active: true },
  { name: "Ada", tags: ["a", "b", "c", "d"], active: true },
  { name: "Ada", tags: "a", active: true },
  { name: "Ada", tags: [], active: "yes" },
  { name: "Ada", tags: [], active: true, extra: 1 },
  { name: "Ada", tags: [{ nested: true }], active: true },
  { name: { first: "Ada" }, tags: [], active: true },
  {},
];

describe("the class-validator fast path", () => {
  it("decides every conformance input exactly as plainToInstance + validateSync", () => {
    for (const [shape, cases] of Object.entries(corpus)) {
      const schema = fixtures[shape as keyof typeof fixtures];
      for (const policy of ["strip", "reject", "keep"] as const) {
        const target = shape === "search" ? "query" : "body";
        const quick = compileThroughCore(fast(policy), schema, { target });
        const slow = compileThroughCore(full(policy), schema, { target });
        for (const testCase of cases) {
          expect(
            outcome(quick(inputOf(testCase))),
            `${shape} ${policy}: ${testCase.label}`,
          ).toEqual(outcome(slow(inputOf(testCase))));
        }
      }
    }
  });

  it("decides, returns and reports like the full path for primitives, arrays and defaults", () => {
    for (const model of [Tagged, WithDefault, WithHidden, Trimmed, WithGetter, Conditional]) {
      for (const policy of ["strip", "reject", "keep"] as const) {
        const quick = compileThroughCore(fast(policy), model, { target: "body" });
        const slow = compileThroughCore(full(policy), model, { target: "body" });
        const probes = [
          ...inputs,
          { page: 2, q: "x" },
          { q: "x" },
          { name: "  Ada  " },
          { name: "   " },
          { kind: "named", name: 5 },
          { kind: "anonymous", name: 5 },
          { kind: null },
        ];
        for (const input of probes) {
          expect(outcome(quick(structuredClone(input))), `${model.name} ${policy}`).toEqual(
            outcome(slow(structuredClone(input))),
          );
        }
      }
    }
  });

  it("builds the instance itself for plain inputs instead of calling class-transformer", async () => {
    const transformer = await import("class-transformer");
    const spy = vi.spyOn(transformer, "plainToInstance");
    const validate = compileThroughCore(fast(), Tagged, { target: "body" });
    const input = { name: "Ada", tags: ["a"], active: true };
    const result = validate(input);
    expect(result).toEqual({ ok: true, value: expect.any(Tagged) });
    const value = (result as { value: Tagged }).value;
    expect(value.tags).toEqual(["a"]);
    expect(value.tags).not.toBe(input.tags); // a fresh array, as plainToInstance makes
    expect(spy).not.toHaveBeenCalled();
    compileThroughCore(full(), Tagged, { target: "body" })(input);
    expect(spy).toHaveBeenCalledTimes(1); // the spy does see the full path's call
    spy.mockRestore();
  });

  it("still runs class-transformer's @Transform and a constructor's own properties", () => {
    expect(compileThroughCore(fast(), Trimmed, { target: "body" })({ name: "  Ada " })).toEqual({
      ok: true,
      value: expect.objectContaining({ name: "Ada" }),
    });
    const hidden = compileThroughCore(fast("strip"), WithHidden, { target: "body" })({
      name: "Ada",
    });
    expect(hidden.ok && { ...(hidden.value as object) }).toEqual({ name: "Ada" });
    expect(
      compileThroughCore(fast("reject"), WithHidden, { target: "body" })({ name: "Ada" }).ok,
    ).toBe(false);
    const paged = compileThroughCore(fast(), WithDefault, { target: "query" })({ q: "x" });
    expect(paged.ok && { ...(paged.value as object) }).toEqual({ page: 1, q: "x" });
  });

  it("defers to validateSync when a constraint answers with a promise", () => {
    class Eventually {
      @IsString() name!: string;
    }
    registerDecorator({
      name: "eventually",
      target: Eventually,
      propertyName: "name",
      validator: { validate: () => Promise.resolve(false) },
    });
    // validateSync ignores the pending answer, and so does the result: valid either way.
    expect(compileThroughCore(fast(), Eventually, { target: "body" })({ name: "x" })).toEqual(
      compileThroughCore(full(), Eventually, { target: "body" })({ name: "x" }),
    );
  });
});
