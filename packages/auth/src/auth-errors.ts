import { defineConfigErrors } from "@trellis/core/extend";

/** The startup error codes of @trellis/auth, with their message templates (README lists them). */
export const authErrors = {
  INVALID_AUTH_OPTIONS: {
    meaning:
      "`jwtBearer()` or `apiKey()` was given a missing or bad option (issuer, audience, algorithms, a key location, a store)",
    message: "%s: %s",
  },
} as const;

declare module "@trellis/core/extend" {
  interface FeatureErrorCodes {
    INVALID_AUTH_OPTIONS: typeof authErrors.INVALID_AUTH_OPTIONS.meaning;
  }
}

const authError = defineConfigErrors(authErrors);

/** Throws the startup error of a bad `jwtBearer()` or `apiKey()` option, naming the factory. */
export function invalidAuthOptions(factory: string, why: string): never {
  throw authError("INVALID_AUTH_OPTIONS", [factory, why]);
}
