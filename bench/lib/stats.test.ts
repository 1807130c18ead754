import { describe, expect, test } from "vitest";
import { median, rotate } from "./stats.js";

describe("median", () => {
  test("odd and even counts, unsorted input", () => {
    expect(median([5, 1, 3])).toBe(3);
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });

  test("ignores non-finite values and is undefined when nothing is left", () => {
    expect(median([Number.NaN, 2, Number.POSITIVE_INFINITY])).toBe(2);
    expect(median([])).toBeUndefined();
  });
});

describe("rotate", () => {
  test("starts each round with the next item", () => {
    expect(rotate(["a", "b", "c"], 0)).toEqual(["a", "b", "c"]);
    expect(rotate(["a", "b", "c"], 1)).toEqual(["b", "c", "a"]);
    expect(rotate(["a", "b", "c"], 4)).toEqual(["b", "c", "a"]);
    expect(rotate([], 3)).toEqual([]);
  });
});
