import { TrellisConfigError } from "@trellis/core";
import { expect } from "vitest";

/** Asserts that `run` throws a TrellisConfigError with `code` and a message containing `parts`. */
export function expectConfigError(run: () => unknown, code: string, ...parts: string[]) {
  let thrown: unknown;
  try {
    run();
  } catch (error) {
    thrown = error;
  }
  expect(thrown, `expected ${code}`).toBeInstanceOf(TrellisConfigError);
  expect((thrown as TrellisConfigError).code).toBe(code);
  for (const part of parts) expect((thrown as Error).message).toContain(part);
}
