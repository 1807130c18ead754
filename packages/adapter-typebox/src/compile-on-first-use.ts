import type { Validator } from "@trellis/core/extend";

/**
 * A validator that builds the real one on its first call and then uses it for good (one closure
 * variable, replaced once). A build that throws (the startup checks make that unexpected) is not
 * tried again: every call throws its error, which core turns into one issue.
 */
export function compileOnFirstUse(build: () => Validator): Validator {
  let built: Validator | undefined;
  return (input) => {
    if (built === undefined) {
      try {
        built = build();
      } catch (error) {
        built = () => {
          throw error;
        };
      }
    }
    return built(input);
  };
}
