/**
 * Who made a request, as a security scheme's check established it. Never the credential. Core
 * keeps the slot so that features (idempotency keys, rate limits) can follow the caller without
 * depending on the package that authenticates (`@trellis/auth` writes it).
 */
export interface Principal<Claims extends object = Readonly<Record<string, unknown>>> {
  /** The subject: the token's `sub`, or the API key's owner. The one field logs and spans get. */
  readonly subject: string;
  /** How the request authenticated: `"jwt"`, `"apiKey"`, or the name a check of your own gives. */
  readonly via: "jwt" | "apiKey" | (string & {});
  /** The token's issuer (`iss`); undefined for an API key. */
  readonly issuer: string | undefined;
  /** The scopes granted (from `scope` or `scp`, or the API key's record). */
  readonly scopes: readonly string[];
  /** The verified token's claims, or the API key record's `claims`. */
  readonly claims: Claims;
}

const principals = new WeakMap<Request, Principal<object>>();

/**
 * The principal of a request a scheme check authenticated; undefined when none did (a public
 * route, or an alternative scheme whose check records no principal).
 *
 * @example
 * const principal = getPrincipal(context.request);
 * if (principal?.claims.tenant !== context.params.tenant) return false;
 */
export function getPrincipal<Claims extends object = Readonly<Record<string, unknown>>>(
  request: Request,
): Principal<Claims> | undefined {
  return principals.get(request) as Principal<Claims> | undefined;
}

/**
 * Records the principal of a request: what `jwtBearer` and `apiKey` of `@trellis/auth` do once a
 * credential is verified. For a scheme check of your own (and for tests), so that `@Principal()`,
 * `getPrincipal` and the features keyed by the caller work alike for every scheme.
 *
 * @example
 * setPrincipal(request, { subject: "svc-billing", via: "apiKey", issuer: undefined, scopes: [], claims: {} });
 */
export function setPrincipal(request: Request, principal: Principal<object>): void {
  principals.set(request, Object.freeze({ ...principal, toJSON: subjectOnly }));
}

// A principal logged as a whole (`logger.info("...", { principal })`) shows its subject only.
function subjectOnly(this: Principal<object>) {
  return { subject: this.subject, via: this.via };
}
