import { describe, expect, it } from "vitest";
import { scriptSafeJson } from "./script-safe-json.js";

describe("scriptSafeJson", () => {
  it("escapes what could end a script or a line, and still parses back to the same value", () => {
    const value = {
      text: "</script><!-- & \u2028\u2029 -->",
      list: [1, true, null],
      nested: { a: "b" },
    };
    const json = scriptSafeJson(value, "uiConfig");
    expect(json).not.toMatch(/[<>&\u2028\u2029]/);
    expect(json).toContain("\\u003c/script\\u003e");
    expect(json).toContain("\\u2028\\u2029");
    expect(JSON.parse(json)).toEqual(value);
    // As JavaScript source too, not only as JSON.
    expect(new Function(`return ${json};`)()).toEqual(value);
  });

  it("drops undefined properties the way JSON does", () => {
    expect(JSON.parse(scriptSafeJson({ a: undefined, b: 1 }, "uiConfig"))).toEqual({ b: 1 });
  });

  it("refuses values JSON cannot carry, naming where they are", () => {
    expect(() => scriptSafeJson({ requestInterceptor: () => 1 }, "uiConfig")).toThrow(
      /uiConfig\.requestInterceptor is a function/,
    );
    expect(() => scriptSafeJson({ list: [1, Number.NaN] }, "uiConfig")).toThrow(
      /uiConfig\.list\[1\] must be a finite number/,
    );
    expect(() => scriptSafeJson({ when: new Date(0) }, "uiConfig")).toThrow(
      /uiConfig\.when must be a plain object/,
    );
    expect(() => scriptSafeJson({ big: 1n }, "uiConfig")).toThrow(/uiConfig\.big is a bigint/);
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(() => scriptSafeJson(cyclic, "uiConfig")).toThrow(/uiConfig\.self contains a cycle/);
  });

  it("accepts the same object twice when it is shared, not cyclic", () => {
    const shared = { x: 1 };
    expect(JSON.parse(scriptSafeJson({ a: shared, b: shared }, "uiConfig"))).toEqual({
      a: { x: 1 },
      b: { x: 1 },
    });
  });
});
