import { defineConfigErrors } from "@trellis/core/extend";

/** The startup error codes of @trellis/rate-limit, with their message templates (README lists them). */
export const rateLimitErrors = {
  INVALID_RATE_LIMIT: {
    meaning:
      "`@RateLimit` or the policy of rateLimits() has a bad limit, window, key, name or outage, rateLimits() a bad store or clientAddress, or two routes name one policy with different limits",
    message: "%s: %s",
  },
} as const;

declare module "@trellis/core/extend" {
  interface FeatureErrorCodes {
    INVALID_RATE_LIMIT: typeof rateLimitErrors.INVALID_RATE_LIMIT.meaning;
  }
}

/** Makes the startup error of one of this package's codes from its template. */
export const rateLimitError = defineConfigErrors(rateLimitErrors);
