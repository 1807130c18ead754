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

  // Objects nested `depth` levels deep (the outermost is level 1), `leaf` in the innermost.
  const nestedObjects = (depth: number, leaf: unknown): unknown =>
    depth === 0 ? leaf : { a: nestedObjects(depth - 1, leaf) };
  const nestedArrays = (depth: number, leaf: unknown): unknown =>
    depth === 0 ? leaf : [nestedArrays(depth - 1, leaf)];

  it("counts levels of objects as of arrays, and scalars and null at the last level are no level", () => {
    for (const leaf of [null, 1, "x"]) {
      expect(unsafeJson(nestedArrays(maxJsonDepth, leaf))).toBeUndefined();
      expect(unsafeJson(nestedObjects(maxJsonDepth, leaf))).toBeUndefined();
    }
    expect(unsafeJson(nestedObjects(maxJsonDepth, {}))).toMatch(/deeper than 64/);
    expect(unsafeJson(nestedObjects(maxJsonDepth + 1, 1))).toMatch(/deeper than 64/);
  });

  it("looks past members that are fine to the next one, in arrays and objects", () => {
    expect(unsafeJson(JSON.parse('[[], [{"__proto__": 1}]]'))).toMatch(/__proto__/);
    expect(unsafeJson(JSON.parse('{"a": {}, "b": {"__proto__": 1}}'))).toMatch(/__proto__/);
    expect(unsafeJson(JSON.parse('{"a": {}, "constructor": {"prototype": {}}}'))).toMatch(
      /constructor\.prototype/,
    );
  });

  it("takes a prototype key under any name but constructor", () => {
    expect(unsafeJson(JSON.parse('{"a": {"prototype": {}}}'))).toBeUndefined();
  });
});
