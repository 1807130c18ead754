import { TrellisConfigError } from "../errors/trellis-config-error.js";
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
    throw new TrellisConfigError(
      "UNKNOWN_SECURITY_SCHEME",
      `createApp: security.${scheme} names no scheme of openapi.securitySchemes, which ${
        declared.length === 0
          ? "declares none"
          : `declares ${declared.map((name) => JSON.stringify(name)).join(", ")}`
      }.`,
    );
  }
}
