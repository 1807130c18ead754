import "reflect-metadata";
import { createApp, Get, Query, Route } from "@trellis/core";
import { compileThroughCore } from "@trellis/testing";
import {
  IsArray,
  IsInt,
  IsNumber,
  IsOptional,
  IsString,
  Max,
  MaxLength,
  Min,
} from "class-validator";
import { describe, expect, it } from "vitest";
import { classValidator } from "./index.js";

class ListQuery {
  @IsInt() @Min(1) @Max(100) limit!: number;
  @IsOptional() @IsInt() @Max(1000) @Min(1) page?: number;
}

class Mixed {
  @IsOptional() @IsNumber() @Max(10) ratio?: number;
  @IsOptional() @IsString() @MaxLength(3) code?: string;
  @IsOptional() @IsArray() @IsInt({ each: true }) @Max(10, { each: true }) sizes?: number[];
}

const query = { target: "query" } as const;

describe("classValidator() names a failed type check before a range", () => {
  it("says a string is not an integer instead of naming a bound", () => {
    const validate = compileThroughCore(classValidator(), ListQuery, query);
    expect(validate({ limit: "abc" })).toEqual({
      ok: false,
      issues: [{ path: ["limit"], message: "limit must be an integer number", code: "isInt" }],
    });
    expect(validate({ limit: 5, page: "01" })).toEqual({
      ok: false,
      issues: [{ path: ["page"], message: "page must be an integer number", code: "isInt" }],
    });
    // A number out of range still names the bound it breaks.
    expect(validate({ limit: 101, page: 0 })).toEqual({
      ok: false,
      issues: [
        { path: ["limit"], message: "limit must not be greater than 100", code: "max" },
        { path: ["page"], message: "page must not be less than 1", code: "min" },
      ],
    });
  });

  it("does so for numbers, strings and each item, in class-validator's words", () => {
    const validate = compileThroughCore(classValidator(), Mixed, { target: "body" });
    expect(validate({ ratio: "x", code: 12345, sizes: [1, "2"] })).toEqual({
      ok: false,
      issues: [
        {
          path: ["ratio"],
          message: "ratio must be a number conforming to the specified constraints",
          code: "isNumber",
        },
        { path: ["code"], message: "code must be a string", code: "isString" },
        {
          path: ["sizes"],
          message: "each value in sizes must be an integer number",
          code: "isInt",
        },
      ],
    });
  });

  it("keeps every failed check when asked to (stopAtFirstError: false)", () => {
    const validate = compileThroughCore(
      classValidator({ validator: { stopAtFirstError: false } }),
      ListQuery,
      query,
    );
    const result = validate({ limit: "abc" });
    expect(result.ok ? [] : result.issues.map((issue) => issue.code)).toEqual([
      "max",
      "min",
      "isInt",
    ]);
  });

  it("answers ?limit=abc and ?page=01 with what is wrong with them", async () => {
    @Route("/items")
    class ItemController {
      @Get()
      list(@Query(ListQuery) page: ListQuery) {
        return page;
      }
    }
    const app = createApp({ schema: classValidator(), controllers: [ItemController] });
    const errors = async (search: string) => {
      const response = await app.fetch(new Request(`http://test.local/items${search}`));
      expect(response.status).toBe(400);
      return ((await response.json()) as { errors: unknown }).errors;
    };
    expect(await errors("?limit=abc")).toEqual([
      { in: "query", path: "/limit", message: "limit must be an integer number" },
    ]);
    expect(await errors("?limit=5&page=01")).toEqual([
      { in: "query", path: "/page", message: "page must be an integer number" },
    ]);
  });
});
