import { configError } from "../errors/core-config-error.js";
import type { PipelineSettings } from "../pipeline/route-pipeline.js";

/**
 * Every key of `createApp({ security })` names a declared scheme: a misspelt one would leave its
 * check unused while the declared scheme fails closed (or, with no operation using it, nothing
 * would say so at all).
 */
export function checkSecurityNames(settings: PipelineSettings): void {
  const declared = Object.keys(settings.securitySchemes);
  for (const scheme of settings.security.keys()) {
    if (Object.hasOwn(settings.securitySchemes, scheme)) continue;
    throw configError("UNKNOWN_SECURITY_SCHEME", [
      scheme,
      declared.length === 0
        ? "declares none"
        : `declares ${declared.map((name) => JSON.stringify(name)).join(", ")}`,
    ]);
  }
}
