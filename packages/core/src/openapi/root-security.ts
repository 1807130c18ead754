import { configError } from "../errors/core-config-error.js";
import type { SecurityRequirement } from "../operation/operation.js";

/**
 * Reads `openapi.security` (OpenAPI's shape: `[{ bearer: [] }, { apiKey: [] }]`, alternatives)
 * into the requirements every operation without `@Security` or `@Public()` gets. Each object names
 * exactly one scheme, as `@Security` does: Trellis enforces alternatives, not combinations.
 */
export function parseRootSecurity(value: unknown, caller: string): readonly SecurityRequirement[] {
  if (value === undefined) return [];
  const invalid = (why: string) => configError("INVALID_OPENAPI_OPTION", [caller, "security", why]);
  if (!Array.isArray(value)) throw invalid("must be an array like [{ bearer: [] }]");
  return value.map((requirement: unknown, index) => {
    if (requirement === null || typeof requirement !== "object" || Array.isArray(requirement)) {
      throw invalid(`[${index}] must be an object like { bearer: [] }`);
    }
    const entries = Object.entries(requirement);
    if (entries.length !== 1) {
      throw invalid(
        `[${index}] must name exactly one scheme (list alternatives as separate objects; use @Public() for operations without security)`,
      );
    }
    const [scheme, scopes] = entries[0] as [string, unknown];
    if (!Array.isArray(scopes) || scopes.some((scope) => typeof scope !== "string")) {
      throw invalid(`[${index}].${scheme} must be an array of scope strings`);
    }
    return { scheme, scopes: [...(scopes as string[])] };
  });
}
