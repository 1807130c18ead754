import {
  type CheckedParameterDecorator,
  RequestValue,
  UnauthorizedException,
  withoutStack,
} from "@trellis/core";

/** Who made a request, as a scheme check of `@trellis/auth` established it. Never the credential. */
export interface Principal<Claims extends object = Readonly<Record<string, unknown>>> {
  /** The subject: the token's `sub`, or the API key's owner. The one field logs and spans get. */
  readonly subject: string;
  /** How the request authenticated. */
  readonly via: "jwt" | "apiKey";
  /** The token's issuer (`iss`); undefined for an API key. */
  readonly issuer: string | undefined;
  /** The scopes granted (from `scope` or `scp`, or the API key's record). */
  readonly scopes: readonly string[];
  /** The verified token's claims, or the API key record's `claims`. */
  readonly claims: Claims;
}

const principals = new WeakMap<Request, Principal<object>>();

/**
 * The principal of a request a scheme check of `@trellis/auth` authenticated; undefined when none
 * did (a public route, or an alternative scheme whose check is your own).
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
 * Records the principal of a request: what `jwtBearer` and `apiKey` do once a credential is
 * verified. For a scheme check of your own (and for tests), so that `@Principal()` and
 * `getPrincipal` work alike for every scheme.
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

const required = (request: Request): Principal<object> => {
  const principal = principals.get(request);
  if (principal !== undefined) return principal;
  // A handler that needs a principal on a route no scheme of ours authenticated: not signed in.
  throw withoutStack(() => new UnauthorizedException("Authentication is required."));
};

/**
 * Binds the request's principal (see `getPrincipal`). On a route that `@Security` protects with
 * `jwtBearer` or `apiKey` it is always there; where no check of ours authenticated the request the
 * answer is 401. Not an input: neither documented nor validated.
 *
 * @example
 * @Get("/me")
 * @Security("bearer")
 * me(@Principal() principal: Principal) { return { subject: principal.subject }; }
 */
export function Principal<
  Claims extends object = Readonly<Record<string, unknown>>,
>(): CheckedParameterDecorator<Principal<Claims>> {
  return RequestValue(required as (request: Request) => Principal<Claims>);
}
