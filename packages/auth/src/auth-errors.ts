import { TrellisConfigError } from "@trellis/core";

declare module "@trellis/core" {
  interface FeatureErrorCodes {
    INVALID_AUTH_OPTIONS: "`jwtBearer()` or `apiKey()` was given a missing or bad option (issuer, audience, algorithms, a key location, a store)";
  }
}

/** Throws the startup error of a bad `jwtBearer()` or `apiKey()` option, naming the factory. */
export function invalidAuthOptions(factory: string, why: string): never {
  throw new TrellisConfigError("INVALID_AUTH_OPTIONS", `${factory}: ${why}`);
}
