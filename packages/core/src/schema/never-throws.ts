import { validationExceptionCode } from "./issue-codes.js";
import type { ValidationIssue, Validator } from "./schema-adapter.js";

/** The one issue of a validation that threw: that it failed, nothing of why (no message, no stack). */
export const validationExceptionIssue: ValidationIssue = Object.freeze({
  path: Object.freeze([]),
  message: "Input could not be validated",
  code: validationExceptionCode,
});

/**
 * The validator, made total: a throw (user code in a refinement, a custom constraint, a
 * constructor; an async check inside a synchronous parse) becomes one `validation_exception`
 * issue instead of reaching the request pipeline. One try/catch around the call; nothing is
 * allocated unless it throws.
 */
export function neverThrows(validator: Validator): Validator {
  return (input) => {
    try {
      return validator(input);
    } catch {
      return { ok: false, issues: [validationExceptionIssue] };
    }
  };
}
