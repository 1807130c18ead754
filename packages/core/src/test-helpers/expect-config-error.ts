import { expect } from "vitest";
import type { ConfigErrorCode } from "../errors/error-codes.js";
import { TrellisConfigError } from "../errors/trellis-config-error.js";

/** Asserts that `run` throws a TrellisConfigError with `code` and a message containing `parts`. */
export function expectConfigError(run: () => unknown, code: ConfigErrorCode, ...parts: string[]) {
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
