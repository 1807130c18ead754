import { TrellisConfigError } from "@trellis/core";
import { expect } from "vitest";

/**
 * Asserts that a factory refuses every value of one whole-number option that is not a safe
 * integer of at least `min` (fractions above `min` included, so a check loosened to `>= min` fails)
 * with `INVALID_PUBSUB_OPTION`-style codes, naming the option, and accepts `min` itself.
 */
export function expectWholeNumberOption(
  make: (value: unknown) => unknown,
  option: string,
  code: string,
  min: number,
): void {
  for (const value of [
    min + 0.5,
    min + 1.5,
    min - 1,
    Number.NaN,
    Infinity,
    2 ** 53,
    `${min + 1}`,
  ]) {
    let thrown: unknown;
    try {
      make(value);
    } catch (error) {
      thrown = error;
    }
    expect(thrown, `${option}: ${String(value)}`).toBeInstanceOf(TrellisConfigError);
    expect((thrown as TrellisConfigError).code).toBe(code);
    expect((thrown as Error).message).toContain(option);
  }
  expect(() => make(min)).not.toThrow();
}
