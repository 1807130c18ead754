import { describe, expect, it } from "vitest";
import { expectConfigError } from "../test-helpers/expect-config-error.js";
import { checkWholeNumber } from "./check-whole-number.js";

describe("checkWholeNumber", () => {
  it("accepts safe integers within the range, the bounds included", () => {
    expect(checkWholeNumber(1, "x", "INVALID_LIMIT")).toBe(1);
    expect(checkWholeNumber(0, "x", "INVALID_LIMIT", { min: 0 })).toBe(0);
    expect(checkWholeNumber(10, "x", "INVALID_LIMIT", { max: 10 })).toBe(10);
  });

  it("refuses fractions, out-of-range and non-numbers with the code, naming the option", () => {
    for (const value of [
      1.5,
      0,
      -1,
      Number.NaN,
      Number.POSITIVE_INFINITY,
      2 ** 53,
      "3",
      null,
      11,
    ]) {
      expectConfigError(
        () => checkWholeNumber(value, "thing: maxEvents", "INVALID_LIMIT", { max: 10 }),
        "INVALID_LIMIT",
        "thing: maxEvents is",
        "from 1 to 10",
      );
    }
  });
});
