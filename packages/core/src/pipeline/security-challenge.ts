// RFC 9110 token characters: an auth-scheme that can be sent as written.
const token = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

const quoted = (value: string): string => `"${value.replace(/["\\]/g, "\\$&")}"`;

/**
 * The `WWW-Authenticate` challenge a 401 carries for a security scheme, from its OpenAPI
 * declaration: http bearer -> `Bearer`, http basic -> `Basic realm="…", charset="UTF-8"`, any
 * other http scheme -> its name as written; oauth2 and openIdConnect -> `Bearer` (their access
 * tokens are bearer tokens, RFC 6750). apiKey has no standard challenge: none is sent.
 */
export function securityChallenge(declaration: unknown, realm: string): string | undefined {
  if (declaration === null || typeof declaration !== "object") return undefined;
  const { type, scheme } = declaration as { type?: unknown; scheme?: unknown };
  if (type === "oauth2" || type === "openIdConnect") return "Bearer";
  if (type !== "http" || typeof scheme !== "string" || !token.test(scheme)) return undefined;
  const name = scheme.toLowerCase();
  if (name === "bearer") return "Bearer";
  if (name === "basic") return `Basic realm=${quoted(realm)}, charset="UTF-8"`;
  return scheme;
}
