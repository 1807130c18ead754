import { defineConfigErrors } from "@trellis/core/extend";

/** The startup error codes of @trellis/conditional, with their message templates (README lists them). */
export const conditionalErrors = {
  INVALID_CONDITIONAL: {
    meaning:
      "`@Conditional` or conditionalRequests() is given options other than { etag?, requireIfMatch? } with known values, or `@Conditional` is on an event stream",
    message: "%s: %s",
  },
} as const;

declare module "@trellis/core/extend" {
  interface FeatureErrorCodes {
    INVALID_CONDITIONAL: typeof conditionalErrors.INVALID_CONDITIONAL.meaning;
  }
}

/** Makes the startup error of one of this package's codes from its template. */
export const conditionalError = defineConfigErrors(conditionalErrors);
