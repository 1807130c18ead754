import { validationExceptionCode } from "./issue-codes.js";
import type { MaybeAsyncValidator, ValidationIssue, ValidationResult } from "./schema-adapter.js";

/** The one issue of a validation that threw: that it failed, nothing of why (no message, no stack). */
export const validationExceptionIssue: ValidationIssue = Object.freeze({
  path: Object.freeze([]),
  message: "Input could not be validated",
  code: validationExceptionCode,
});

/**
 * The validator, made total: a throw (user code in a refinement, a custom constraint, a
 * constructor; an async check inside a synchronous parse) becomes one `validation_exception`
 * issue instead of reaching the request pipeline (a rejected promise too). One try/catch around the call; nothing is
 * allocated unless it throws.
 */
export function neverThrows(validator: MaybeAsyncValidator): MaybeAsyncValidator {
  return (input) => {
    try {
      const result = validator(input);
      return result instanceof Promise ? result.then(undefined, exceptionResult) : result;
    } catch {
      return exceptionResult();
    }
  };
}

const exceptionResult = (): ValidationResult => ({
  ok: false,
  issues: [validationExceptionIssue],
});
