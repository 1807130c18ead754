import { compileThroughCore, SchemaRegistry } from "@trellis/testing";
import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { valibot } from "./index.js";
import { safeIntegerAction } from "./safe-integers.js";

const body = { target: "body" } as const;
const largest = Number.MAX_SAFE_INTEGER;
// JSON text, since JSON.parse is what rounds 2^53 + 1 to 2^53.
const parse = (json: string): unknown => JSON.parse(json);

describe("safeIntegerAction", () => {
  it("swaps only the integer action's requirement, leaving the user's action as it was", () => {
    const integer = v.integer("whole numbers only");
    const safe = safeIntegerAction(integer);
    expect(safe).not.toBe(integer);
    expect(safe).toMatchObject({ type: "integer", message: "whole numbers only" });
    expect(safe.requirement).toBe(Number.isSafeInteger);
    expect(integer.requirement).toBe(Number.isInteger);
    const other = v.minValue(1);
    expect(safeIntegerAction(other)).toBe(other);
  });
});

describe("valibot() integers", () => {
  it("refuses integers JSON parsing rounds, at any depth, keeping the user's message", () => {
    const schema = v.object({
      n: v.pipe(v.number(), v.integer("n must be whole")),
      list: v.optional(v.array(v.pipe(v.number(), v.integer()))),
      later: v.optional(v.pipe(v.unknown(), v.transform(Number), v.pipe(v.number(), v.integer()))),
    });
    const validate = compileThroughCore(valibot(), schema, body);
    expect(validate(parse(`{"n":${largest}}`)).ok).toBe(true);
    expect(validate(parse(`{"n":-${largest},"later":"12"}`)).ok).toBe(true);
    for (const json of [
      '{"n":9007199254740993}',
      '{"n":-9007199254740993}',
      '{"n":9007199254740992}',
      '{"n":1,"list":[1,9007199254740993]}',
      '{"n":1,"later":"9007199254740993"}',
    ]) {
      expect(validate(parse(json)).ok, json).toBe(false);
    }
    expect(validate(parse('{"n":9007199254740993}'))).toEqual({
      ok: false,
      issues: [{ path: ["n"], message: "n must be whole", code: "integer" }],
    });
  });

  it("documents the bounds it applies, after every other bound", () => {
    const schema = v.object({
      any: v.pipe(v.number(), v.integer()),
      paged: v.pipe(v.number(), v.minValue(1), v.integer(), v.maxValue(100)),
      ratio: v.number(),
    });
    const emitted = new SchemaRegistry().fromAdapter(valibot(), schema);
    expect(emitted.properties).toEqual({
      any: { type: "integer", minimum: -largest, maximum: largest },
      paged: { type: "integer", minimum: 1, maximum: 100 },
      ratio: { type: "number" },
    });
  });
});
