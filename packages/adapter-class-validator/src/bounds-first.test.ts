import "reflect-metadata";
import type { UnknownPropertyPolicy, Validator } from "@trellis/core/extend";
import { coreCompileOptions, countOperations } from "@trellis/testing";
import * as transformer from "class-transformer";
import { Transform, Type } from "class-transformer";
import {
  ArrayMaxSize,
  IsArray,
  IsInt,
  IsOptional,
  IsString,
  Min,
  ValidateIf,
  ValidateNested,
} from "class-validator";
import { describe, expect, it, vi } from "vitest";
import { type ClassValidatorAdapterOptions, classValidator } from "./index.js";

// An array past its ArrayMaxSize is refused before class-transformer builds anything (issue 51):
// none of its items is read, built or validated. Counted, never timed: the operations made on the
// input (countOperations), the nested constructor and `@Type` factory calls, and the items handed
// to plainToInstance.

let built = 0; // Sized instances made
let typed = 0; // calls of Sized's @Type factory

class Sized {
  @IsInt() @Min(1) width!: number;
  constructor() {
    built++;
  }
}

const sizedType = () => {
  typed++;
  return Sized;
};

class Sizes {
  @IsArray() @ArrayMaxSize(1000) @ValidateNested({ each: true }) @Type(sizedType) sizes!: Sized[];
}

class OptionalSizes {
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(1000)
  @ValidateNested({ each: true })
  @Type(sizedType)
  sizes?: Sized[];
}

class Tags {
  @ArrayMaxSize(5) @IsString({ each: true }) tags!: string[];
}

class OptionalTags {
  @IsOptional() @ArrayMaxSize(5) @IsString({ each: true }) tags?: string[];
}

class Post {
  @IsString() title!: string;
  @ArrayMaxSize(2) @IsString({ each: true }) tags!: string[];
}

class Blog {
  @IsString() name!: string;
  @ValidateNested() @Type(() => Post) featured!: Post;
  @IsArray() @ArrayMaxSize(3) @ValidateNested({ each: true }) @Type(() => Post) posts!: Post[];
}

class Worded {
  @ArrayMaxSize(2, { message: "$property: at most $constraint1, please" }) tags!: string[];
  @ArrayMaxSize(1, { message: ({ property }) => `too many ${property}` }) marks!: number[];
}

// class-transformer may change these values before class-validator sees them: not refused ahead.
class Trimmed {
  @Transform(({ value }) => (Array.isArray(value) ? value.slice(0, 2) : value))
  @ArrayMaxSize(2)
  tags!: string[];
}

class Conditional {
  @IsString() kind!: string;
  @ValidateIf((object: Conditional) => object.kind === "list") @ArrayMaxSize(2) tags!: string[];
}

const compile = (
  model: Function,
  unknownProperties: UnknownPropertyPolicy = "strip",
  options: ClassValidatorAdapterOptions = {},
) =>
  classValidator(options).compile(
    model,
    coreCompileOptions("body", unknownProperties),
  ) as Validator;

const empties = (count: number) => Array.from({ length: count }, () => ({}));
const numbers = (count: number) => Array.from({ length: count }, (_, index) => index);

/** Own keys of `value` and of every object and array in it. */
function keysIn(value: unknown): number {
  if (typeof value !== "object" || value === null) return 0;
  return Object.values(value).reduce((sum: number, inner) => sum + 1 + keysIn(inner), 0);
}

/** The operations `validate` makes on `input`, seen through counting proxies. */
function operationsOn(validate: Validator, input: unknown): number {
  const counted = countOperations(input);
  validate(counted.view);
  return counted.operations();
}

const variants = [
  ["strip", {}],
  ["reject", {}],
  ["keep", {}],
  ["strip", { transformer: {} }], // no fast path: plainToInstance + validateSync every time
] as const;

describe("classValidator() checks ArrayMaxSize before class-transformer", () => {
  it.each(variants)(
    "refuses 150,000 nested items past the bound without one (%s, %o)",
    (policy, options) => {
      for (const model of [Sizes, OptionalSizes]) {
        const validate = compile(model, policy, options);
        const spy = vi.spyOn(transformer, "plainToInstance");
        built = 0;
        typed = 0;
        try {
          expect(validate({ sizes: empties(150_000) })).toEqual({
            ok: false,
            issues: [
              {
                path: ["sizes"],
                message: "sizes must contain no more than 1000 elements",
                code: "arrayMaxSize",
              },
            ],
          });
          // No item reached class-transformer: none built, and its @Type factory asked at most
          // once (for the empty array class-transformer is handed instead), never per item.
          const handed = spy.mock.calls.reduce((sum, [, plain]) => sum + keysIn(plain), 0);
          expect(built).toBe(0);
          expect(typed).toBeLessThanOrEqual(1);
          expect(handed, "keys handed to class-transformer").toBeLessThanOrEqual(1);
        } finally {
          spy.mockRestore();
        }
        // The same work at 1,001 items as at 150,000: at most twice that of accepting one item.
        const past = operationsOn(validate, { sizes: empties(150_000) });
        expect(past).toBe(operationsOn(validate, { sizes: empties(1_001) }));
        expect(past).toBeLessThanOrEqual(2 * operationsOn(validate, { sizes: [{ width: 1 }] }));
      }
    },
  );

  it.each(variants)(
    "refuses 300,000 each-validated items past the bound (%s, %o)",
    (policy, options) => {
      for (const model of [Tags, OptionalTags]) {
        const validate = compile(model, policy, options);
        expect(validate({ tags: numbers(300_000) })).toEqual({
          ok: false,
          issues: [
            {
              path: ["tags"],
              message: "tags must contain no more than 5 elements",
              code: "arrayMaxSize",
            },
          ],
        });
        const past = operationsOn(validate, { tags: numbers(300_000) });
        expect(past).toBe(operationsOn(validate, { tags: numbers(6) }));
        expect(past).toBeLessThanOrEqual(2 * operationsOn(validate, { tags: ["a"] }));
        // Within the bound, the items are class-validator's as before.
        expect(validate({ tags: ["a", 1] })).toEqual({
          ok: false,
          issues: [
            { path: ["tags"], message: "each value in tags must be a string", code: "isString" },
          ],
        });
        expect(validate({ tags: ["a", "b"] }).ok).toBe(true);
      }
    },
  );

  it("checks the bounds of nested models, and still reports the other properties", () => {
    const validate = compile(Blog);
    const post = { title: "a", tags: ["x"] };
    const result = validate({
      name: 1,
      featured: { title: "b", tags: numbers(100_000) },
      posts: [post, { title: 2, tags: numbers(100_000) }],
    });
    expect(result.ok ? [] : result.issues).toEqual([
      {
        path: ["featured", "tags"],
        message: "tags must contain no more than 2 elements",
        code: "arrayMaxSize",
      },
      {
        path: ["posts", 1, "tags"],
        message: "tags must contain no more than 2 elements",
        code: "arrayMaxSize",
      },
      { path: ["name"], message: "name must be a string", code: "isString" },
      { path: ["posts", 1, "title"], message: "title must be a string", code: "isString" },
    ]);
    // Past the outer bound, no post is looked at, however long its own tags.
    const posts = Array.from({ length: 10_000 }, () => ({ title: "a", tags: numbers(10) }));
    expect(validate({ name: "n", featured: post, posts })).toEqual({
      ok: false,
      issues: [
        {
          path: ["posts"],
          message: "posts must contain no more than 3 elements",
          code: "arrayMaxSize",
        },
      ],
    });
    const count = (size: number) =>
      operationsOn(validate, { name: "n", featured: post, posts: posts.slice(0, size) });
    expect(count(10_000)).toBe(count(4));
    expect(validate({ name: "n", featured: post, posts: [post, post] }).ok).toBe(true);
  });

  it("says what class-validator says past the bound, custom messages included", () => {
    expect(compile(Worded)({ tags: numbers(50_000), marks: numbers(50_000) })).toEqual({
      ok: false,
      issues: [
        { path: ["tags"], message: "tags: at most 2, please", code: "arrayMaxSize" },
        { path: ["marks"], message: "too many marks", code: "arrayMaxSize" },
      ],
    });
    const plain = compile(Worded, "strip", { validator: { dismissDefaultMessages: true } });
    expect(plain({ tags: ["a"], marks: numbers(3) })).toEqual({
      ok: false,
      issues: [{ path: ["marks"], message: "too many marks", code: "arrayMaxSize" }],
    });
    // One message, as class-validator gives it for the same array within its own run.
    const full = compile(Worded, "strip", { transformer: {} });
    expect(full({ tags: ["a", "b", "c"], marks: [1] })).toEqual({
      ok: false,
      issues: [{ path: ["tags"], message: "tags: at most 2, please", code: "arrayMaxSize" }],
    });
  });

  it("leaves to class-validator the arrays class-transformer may change or the checks may skip", () => {
    expect(compile(Trimmed)({ tags: ["a", "b", "c", "d"] })).toEqual({
      ok: true,
      value: expect.objectContaining({ tags: ["a", "b"] }),
    });
    const conditional = compile(Conditional);
    expect(conditional({ kind: "other", tags: ["a", "b", "c"] }).ok).toBe(true);
    expect(conditional({ kind: "list", tags: ["a", "b", "c"] })).toEqual({
      ok: false,
      issues: [
        {
          path: ["tags"],
          message: "tags must contain no more than 2 elements",
          code: "arrayMaxSize",
        },
      ],
    });
  });
});
