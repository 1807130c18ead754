import { describe, expect, it } from "vitest";
import { jsonTextMayInclude } from "./json-text.js";

describe("jsonTextMayInclude", () => {
  it("finds a needle in the JSON text, keys and values alike", () => {
    expect(jsonTextMayInclude({ a: { $ref: "#/x" } }, ['"$ref"'])).toBe(true);
    expect(jsonTextMayInclude({ a: ["b", { c: 1 }] }, ['"$ref"', '"c"'])).toBe(true);
    expect(jsonTextMayInclude({ a: { ref: "$ref" } }, ['"$ref"'])).toBe(true);
  });

  it("is false when no needle is there", () => {
    expect(
      jsonTextMayInclude({ type: "string", description: 'a \\"$ref\\" in text' }, ['"$ref"']),
    ).toBe(false);
    expect(jsonTextMayInclude(undefined, ['"$ref"'])).toBe(false);
  });

  it("is true for what has no JSON text, so the caller walks it", () => {
    const cycle: Record<string, unknown> = {};
    cycle.self = cycle;
    expect(jsonTextMayInclude(cycle, ['"$ref"'])).toBe(true);
    expect(jsonTextMayInclude({ big: 1n }, ['"$ref"'])).toBe(true);
  });
});
