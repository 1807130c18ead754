/**
 * The `oauth` option of `swaggerUi()`: how the Authorize dialog signs in with an OAuth 2.0
 * authorization-code scheme of the document. Swagger UI is a public client (it keeps no secret),
 * so it always uses PKCE (RFC 7636), as OAuth 2.0 for browser-based apps requires.
 */
export interface SwaggerUiOAuthOptions {
  /** The client Swagger UI is registered as at your identity provider (a public client). */
  readonly clientId: string;
  /** Scopes ticked when the dialog opens (default: none). */
  readonly scopes?: readonly string[];
  /**
   * The API's audience, sent as RFC 8707's `resource` with the authorization request, so the
   * provider issues the access token for this API (default: not sent; the provider's own default).
   */
  readonly resource?: string;
  /** Other query parameters for the authorization request (for example `audience`, `prompt`). */
  readonly authorizationParams?: Readonly<Record<string, string>>;
}

/** What `ui.initOAuth(...)` is given in the page. */
export type InitOAuthConfig = Readonly<Record<string, unknown>>;

const known = new Set(["clientId", "scopes", "resource", "authorizationParams"]);

/** Checks `oauth` once, at startup, and turns it into Swagger UI's `initOAuth` settings. */
export function resolveOAuthOptions(oauth: unknown): InitOAuthConfig | undefined {
  if (oauth === undefined) return undefined;
  if (typeof oauth !== "object" || oauth === null || Array.isArray(oauth)) {
    fail("must be an object with clientId");
  }
  const given = oauth as Record<string, unknown>;
  for (const key of Object.keys(given)) {
    if (!known.has(key)) fail(`has an unknown key "${key}" (known: ${[...known].join(", ")})`);
  }
  const { clientId, scopes, resource, authorizationParams } = given;
  if (typeof clientId !== "string" || clientId === "") fail("needs clientId, a non-empty string");
  if (
    scopes !== undefined &&
    !(Array.isArray(scopes) && scopes.every((scope) => typeof scope === "string" && scope !== ""))
  ) {
    fail("scopes must be an array of scope names");
  }
  if (resource !== undefined && !(typeof resource === "string" && URL.canParse(resource))) {
    fail("resource must be an absolute URI (the API's audience)");
  }
  const params = authorizationParams ?? {};
  if (
    typeof params !== "object" ||
    params === null ||
    Array.isArray(params) ||
    !Object.values(params).every((value) => typeof value === "string")
  ) {
    fail("authorizationParams must be an object of strings");
  }
  const query: Record<string, string> = { ...(params as Record<string, string>) };
  if (resource !== undefined) query.resource = resource;
  return {
    clientId,
    scopes: [...((scopes as string[] | undefined) ?? [])],
    scopeSeparator: " ",
    usePkceWithAuthorizationCodeGrant: true,
    ...(Object.keys(query).length > 0 ? { additionalQueryStringParams: query } : {}),
  };
}

function fail(message: string): never {
  throw new TypeError(`@trellis/swagger-ui: option "oauth" ${message}.`);
}
