import type { ValidationIssue, Validator } from "@trellis/core";

/**
 * A validator that builds the real one on its first call and then uses it for good (one closure
 * variable, replaced once). A build that throws (the startup checks make that unexpected)
 * answers every input with `failed` instead of throwing: validators never throw.
 */
export function compileOnFirstUse(build: () => Validator, failed: ValidationIssue): Validator {
  let built: Validator | undefined;
  return (input) => {
    if (built === undefined) {
      try {
        built = build();
      } catch {
        built = () => ({ ok: false, issues: [failed] });
      }
    }
    return built(input);
  };
}
