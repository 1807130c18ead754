import "reflect-metadata";
import { compileThroughCore, SchemaRegistry } from "@trellis/testing";
import { Transform, Type } from "class-transformer";
import {
  IsInt,
  IsOptional,
  IsPositive,
  IsString,
  Max,
  Min,
  MinLength,
  ValidateIf,
  ValidateNested,
} from "class-validator";
import { describe, expect, it } from "vitest";
import { classValidator } from "./index.js";

const body = { target: "body" } as const;
const largest = Number.MAX_SAFE_INTEGER;
// JSON text, since JSON.parse is what rounds 2^53 + 1 to 2^53.
const parse = (json: string): unknown => JSON.parse(json);

class Counter {
  @IsInt() n!: number;
  @IsOptional() @IsInt({ each: true }) list?: number[];
  @ValidateIf((object: Counter, value) => value !== undefined && object.n !== 0)
  @IsInt({ message: "$property: whole only" })
  checked?: number;
}

class Holder {
  @ValidateNested({ each: true }) @Type(() => Counter) counters!: Counter[];
}

class FromText {
  @Transform(({ value }) => (typeof value === "string" ? Number(value) : value))
  @IsInt()
  n!: number;
}

class Paging {
  @IsOptional() @IsInt() @Min(1) page?: number;
  @IsOptional() @IsInt() @Min(1) @Max(100) limit?: number;
  @IsOptional() @IsString() @MinLength(2) q?: string;
}

// The fast path (no transformer options) and the full path (plainToInstance + validateSync).
const adapters = {
  fast: classValidator(),
  full: classValidator({ transformer: {} }),
};

describe.each(Object.entries(adapters))("classValidator() integers, %s path", (_name, adapter) => {
  const issuesOf = (model: Function, json: string) => {
    const result = compileThroughCore(adapter, model, body)(parse(json));
    return result.ok ? [] : result.issues;
  };

  it("accepts the safe integers and refuses what JSON parsing rounds", () => {
    expect(issuesOf(Counter, `{"n":${largest},"list":[-${largest}]}`)).toEqual([]);
    for (const json of ['{"n":9007199254740993}', '{"n":-9007199254740993}', '{"n":1e300}']) {
      expect(issuesOf(Counter, json), json).toEqual([
        {
          path: ["n"],
          message: `n must be a safe integer, from -${largest} to ${largest}`,
          code: "isInt",
        },
      ]);
    }
  });

  it("checks each item, honours conditions and uses the decorator's own message", () => {
    expect(issuesOf(Counter, '{"n":1,"list":[1,9007199254740993]}')).toEqual([
      {
        path: ["list"],
        message: `each value in list must be a safe integer, from -${largest} to ${largest}`,
        code: "isInt",
      },
    ]);
    expect(issuesOf(Counter, '{"n":1,"checked":9007199254740993}')).toEqual([
      { path: ["checked"], message: "checked: whole only", code: "isInt" },
    ]);
    // ValidateIf says not to validate `checked` when n is 0.
    expect(issuesOf(Counter, '{"n":0,"checked":9007199254740993}')).toEqual([]);
  });

  it("checks nested models and transformed values", () => {
    expect(issuesOf(Holder, '{"counters":[{"n":1},{"n":9007199254740993}]}')).toEqual([
      expect.objectContaining({ path: ["counters", 1, "n"], code: "isInt" }),
    ]);
    expect(issuesOf(FromText, '{"n":"12"}')).toEqual([]);
    expect(issuesOf(FromText, '{"n":"9007199254740993"}')).toEqual([
      expect.objectContaining({ path: ["n"], code: "isInt" }),
    ]);
  });

  it("reports one issue per property by default (stopAtFirstError)", () => {
    const issues = issuesOf(Paging, '{"page":1.5,"limit":"1e3","q":5}');
    expect(issues.map((issue) => issue.path)).toEqual([["page"], ["limit"], ["q"]]);
    expect(issuesOf(Paging, '{"limit":9007199254740993}')).toEqual([
      expect.objectContaining({ path: ["limit"], code: "max" }),
    ]);
  });
});

describe("classValidator() stopAtFirstError", () => {
  it("reports every failed constraint when the validator options say so", () => {
    const all = classValidator({ validator: { stopAtFirstError: false } });
    const result = compileThroughCore(all, Paging, body)({ limit: "1e3" });
    expect(result.ok ? [] : result.issues.map((issue) => issue.code).sort()).toEqual([
      "isInt",
      "max",
      "min",
    ]);
    const unsafe = compileThroughCore(all, Paging, body)(parse('{"limit":9007199254740993}'));
    expect(unsafe.ok ? [] : unsafe.issues.map((issue) => issue.code).sort()).toEqual([
      "isInt",
      "max",
    ]);
  });
});

describe("classValidator() integer JSON Schema", () => {
  class Documented {
    @IsInt() any!: number;
    @Max(100) @Min(1) @IsInt() paged!: number;
    @IsInt() @Min(-1e30) wide!: number;
    @IsInt() @IsPositive() positive!: number;
    @IsInt({ each: true }) ids!: number[];
    @IsOptional() @IsInt() maybe?: number | null;
  }

  it("documents the bounds validation applies, whatever the decorator order", () => {
    const registry = new SchemaRegistry();
    registry.fromAdapter(classValidator(), Documented);
    expect(registry.get("Documented")?.properties).toEqual({
      any: { type: "integer", minimum: -largest, maximum: largest },
      paged: { type: "integer", minimum: 1, maximum: 100 },
      wide: { type: "integer", minimum: -largest, maximum: largest },
      positive: { type: "integer", exclusiveMinimum: 0, maximum: largest },
      ids: { items: { type: "integer", minimum: -largest, maximum: largest } },
      maybe: { type: ["integer", "null"], minimum: -largest, maximum: largest },
    });
  });
});
