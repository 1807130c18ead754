import { MethodNotAllowedException } from "../errors/http-exceptions.js";
import { withoutStack } from "../errors/without-stack.js";
import { startupRequest } from "../http/request-id.js";
import type { RouteHandler, ServeHandler } from "../http/route-handler.js";
import { type HttpMethod, httpMethods } from "../http/vocabulary.js";
import type { ErrorResponder } from "../pipeline/error-responder.js";
import type { RouteMatcher } from "./route-matcher.js";

/** The `Allow` header for a path served with these methods (HEAD with GET; OPTIONS always). */
export function allowHeader(methods: ReadonlySet<string>): string {
  const all = new Set(methods);
  if (all.has("GET")) all.add("HEAD");
  all.add("OPTIONS");
  const known = httpMethods.filter((method) => all.has(method));
  const other = [...all].filter((method) => !httpMethods.includes(method as HttpMethod)).sort();
  return [...known, ...other].join(", ");
}

/** The answer to OPTIONS on a path served with the methods `allow` lists. */
export const optionsAnswer = (allow: string): Response =>
  new Response(null, { status: 204, headers: { allow } });

/** The 405 of a method a path does not serve. */
export const methodNotAllowed = (method: string, allow: string): MethodNotAllowedException =>
  withoutStack(
    () =>
      new MethodNotAllowedException(`The path does not support ${method}.`, {
        headers: { allow },
      }),
  );

/**
 * What a path without parameters answers to the methods no route serves there: OPTIONS (204 with
 * `Allow`) and 405 with `Allow`. For such a path everything is known at startup (the matcher is
 * asked once, with that very path, which is the only one Bun routes to its table), so the request
 * is never matched again. `undefined` for a method some route serves at that path (its own
 * table's or another shape's, such as `/:resource`): `fetch` finds it.
 *
 * With `fixed`, when nothing wraps every answer (no request id, middleware or observer), the
 * answers are `Response`s `Bun.serve` sends without calling into JavaScript: OPTIONS always, the
 * 405 when `fixedErrors` says errors are not formatted per request. Otherwise one handler per path
 * answers from what was computed.
 */
export function unservedMethods(
  path: string,
  matcher: RouteMatcher<RouteHandler>,
  respondError: ErrorResponder,
  fixed: boolean,
  fixedErrors: boolean,
): ((method: HttpMethod) => ServeHandler | Response | undefined) | undefined {
  if (path.includes(":") || path.includes("*")) return undefined;
  const served = new Set<string>();
  for (const method of httpMethods) if (matcher.match(method, path)) served.add(method);
  const allow = allowHeader(served);
  const refused = (method: string, request: Request) =>
    respondError(methodNotAllowed(method, allow), request);
  const handler: ServeHandler = (request) =>
    request.method === "OPTIONS" ? optionsAnswer(allow) : refused(request.method, request);
  return (method) => {
    // HEAD is served wherever GET is (`fetch` answers it from the GET route).
    if (served.has(method) || (method === "HEAD" && served.has("GET"))) return undefined;
    if (!fixed) return handler;
    if (method === "OPTIONS") return optionsAnswer(allow);
    if (!fixedErrors) return handler;
    // No id, no formatter: the answer does not depend on the request it is made for.
    return refused(method, startupRequest(`http://localhost${path}`, { method }));
  };
}
