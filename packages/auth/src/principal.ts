import {
  type Principal as CorePrincipal,
  getPrincipal,
  RequestValue,
  setPrincipal,
  UnauthorizedException,
} from "@trellis/core";
import { type CheckedParameterDecorator, withoutStack } from "@trellis/core/extend";

/**
 * Who made a request, as a scheme check established it. Never the credential. The same type as
 * core's `Principal` (the slot lives in core, so features can key by the caller).
 */
export interface Principal<Claims extends object = Readonly<Record<string, unknown>>>
  extends CorePrincipal<Claims> {}

// The slot is core's: `getPrincipal` and `setPrincipal` are core's own, re-exported here.
export { getPrincipal, setPrincipal };

const required = (request: Request): CorePrincipal<object> => {
  const principal = getPrincipal(request);
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
