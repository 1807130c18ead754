import { describe, expect, it } from "vitest";
import { maxJsonDepth, unsafeJson } from "./json-guard.js";

const nested = (depth: number) => JSON.parse("[".repeat(depth) + "]".repeat(depth));

describe("unsafeJson", () => {
  it("accepts ordinary documents, including 64 levels of nesting", () => {
    expect(unsafeJson({ a: [1, { b: null }], constructor: "fine" })).toBeUndefined();
    expect(unsafeJson(nested(maxJsonDepth))).toBeUndefined();
    expect(unsafeJson("text")).toBeUndefined();
  });

  it("refuses deeper nesting without overflowing, however deep", () => {
    expect(unsafeJson(nested(maxJsonDepth + 1))).toMatch(/deeper than 64/);
    expect(unsafeJson(nested(100_000))).toMatch(/deeper than 64/);
  });

  it("refuses __proto__ anywhere, escaped or not, and constructor.prototype", () => {
    expect(unsafeJson(JSON.parse('{"__proto__": {"admin": true}}'))).toMatch(/__proto__/);
    expect(unsafeJson(JSON.parse('{"a": [{"\\u005f_proto__": 1}]}'))).toMatch(/__proto__/);
    expect(unsafeJson(JSON.parse('{"constructor": {"prototype": {"x": 1}}}'))).toMatch(
      /constructor/,
    );
    expect(unsafeJson(JSON.parse('{"constructor": {"name": "x"}}'))).toBeUndefined();
  });
});
