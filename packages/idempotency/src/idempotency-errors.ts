import { defineConfigErrors } from "@trellis/core/extend";

/** The startup error codes of @trellis/idempotency, with their message templates (README lists them). */
export const idempotencyErrors = {
  INVALID_IDEMPOTENCY: {
    meaning:
      "`@Idempotent` is on a GET, HEAD or OPTIONS route or an event stream, or is given options other than { required?, ttl?, outage? }, or idempotencyKeys() a bad store, scope or option",
    message: "%s: %s",
  },
} as const;

declare module "@trellis/core/extend" {
  interface FeatureErrorCodes {
    INVALID_IDEMPOTENCY: typeof idempotencyErrors.INVALID_IDEMPOTENCY.meaning;
  }
}

/** Makes the startup error of one of this package's codes from its template. */
export const idempotencyError = defineConfigErrors(idempotencyErrors);
