import { configError } from "../errors/core-config-error.js";
import type { SecurityMetadata } from "../metadata/metadata-store.js";
import type { SecurityRequirement } from "./operation.js";

/** `@Security` declarations as requirements, checked: a scheme name and an array of scope names. */
export function readSecurity(
  declared: readonly SecurityMetadata[],
  where: string,
): SecurityRequirement[] {
  return declared.map(({ scheme, scopes }) => {
    if (typeof scheme !== "string" || scheme === "") {
      throw configError("INVALID_SECURITY_REQUIREMENT", [where, "needs a scheme name"]);
    }
    if (!Array.isArray(scopes) || scopes.some((scope) => typeof scope !== "string")) {
      throw configError("INVALID_SECURITY_REQUIREMENT", [
        where,
        "scopes must be an array of strings",
      ]);
    }
    return { scheme, scopes: [...scopes] };
  });
}
