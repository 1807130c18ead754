/**
 * The issue codes every adapter reports alike, whatever its library calls the problem, so clients
 * and error formatters can rely on them. For anything else an adapter passes its library's code.
 */
export type IssueCode = "unknown_property" | "validation_exception";

/** An undeclared property under the "reject" policy, reported at that property. */
export const unknownPropertyCode = "unknown_property" satisfies IssueCode;

/** Validation threw (user code in a refinement, a constraint, a constructor): see `neverThrows`. */
export const validationExceptionCode = "validation_exception" satisfies IssueCode;
