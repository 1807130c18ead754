import { BadRequestException, NotFoundException } from "../errors/http-exceptions.js";
import { withoutStack } from "../errors/without-stack.js";
import type { RouteHandler, RouteMap, ServeHandler } from "../http/route-handler.js";
import { pathOf } from "../http/url-parts.js";
import { type HttpMethod, httpMethods as methodOrder } from "../http/vocabulary.js";
import type { ErrorResponder } from "../pipeline/error-responder.js";
import { entryHandler } from "./entry-handler.js";
import { globalTimeouts } from "./global-timeouts.js";
import { mapHandler } from "./map-handler.js";
import { outermost, type RouterOptions } from "./outermost.js";
import { RouteMatcher } from "./route-matcher.js";
import {
  allowHeader,
  methodNotAllowed,
  optionsAnswer,
  unservedMethods,
} from "./unserved-methods.js";

export type { RouterOptions } from "./outermost.js";

/** One served route, ready to mount. */
export interface RouterEntry {
  readonly method: HttpMethod;
  /** The route path with `:name` parameters. */
  readonly path: string;
  /** Its `routeShape`: entries of one shape share one key of the route map. */
  readonly shape: string;
  readonly handler: RouteHandler;
  /** Its template as documented (`/users/{id}`), named on its spans from their start. */
  readonly route?: string;
  /** Its timeout: with global middleware, the deadline starts before that middleware. */
  readonly timeout?: number;
  /**
   * Its answer when that depends on nothing in the request (a documentation file): the route
   * map's entry itself when nothing wraps every answer; `handler` answers a copy otherwise.
   */
  readonly fixed?: Response;
}

const withoutBody = (response: Response): Response =>
  new Response(null, {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
  });

/**
 * Builds both ways of serving the routes. `fetch` is complete on its own (its own matcher: any
 * fetch-style runtime, in-process tests) and, beside `routes`, answers what Bun's map does not:
 * 404, 405 with `Allow`, OPTIONS (204 with `Allow`) and HEAD from GET. `routes` carries, for each
 * path, the declared methods plus every other method routed to `fetch`, so it answers 405 and
 * OPTIONS by itself too. Route-map handlers read parameters from the raw URL, exactly like
 * `fetch` does (Bun's `req.params` are decoded already, lossily for bad escapes). Global
 * middleware wraps both: every answer, 404, 405 and OPTIONS included, whichever of Bun's map or
 * `fetch` serves it, and runs once per request.
 */
export function buildRouter(
  entries: readonly RouterEntry[],
  respondError: ErrorResponder,
  options: RouterOptions = {},
): {
  routes: RouteMap;
  fetch: ServeHandler;
  /** One entry served without matching (an MCP tool call): what wraps every answer, then it. */
  direct(entry: RouterEntry): ServeHandler;
} {
  const matcher = new RouteMatcher<RouteHandler>();
  for (const entry of entries) matcher.add(entry.path, entry.method, entry.handler);

  // Everything inside the global wrappers: what a route-map handler falls back to.
  const dispatch: ServeHandler = (request) => {
    try {
      const method = request.method;
      const path = pathOf(request.url);
      const found = matcher.match(method, path);
      if (found) return found.target(request, found.params);
      if (method === "HEAD") {
        const get = matcher.match("GET", path);
        if (get) {
          const response = get.target(request, get.params);
          return response instanceof Response ? withoutBody(response) : response.then(withoutBody);
        }
      }
      const allowed = new Set<string>();
      matcher.match(method, path, allowed);
      if (allowed.size === 0) {
        return respondError(
          withoutStack(() => new NotFoundException("No route matches the request path.")),
          request,
        );
      }
      const allow = allowHeader(allowed);
      if (method === "OPTIONS") return optionsAnswer(allow);
      return respondError(methodNotAllowed(method, allow), request);
    } catch (error) {
      return respondError(error, request);
    }
  };
  const { requestId } = options;
  const timeouts =
    options.middleware === undefined
      ? undefined
      : globalTimeouts(entries, options.timeout, matcher, respondError);
  const fetch = outermost(dispatch, options, undefined, timeouts?.anyRoute);

  // Answers that depend on nothing in the request are `Response`s Bun sends by itself, unless
  // something wraps every answer (an id to echo, middleware, an observer).
  const fixed =
    requestId === undefined && options.middleware === undefined && options.observer === undefined;
  const routes: RouteMap = {};
  const keyOfShape = new Map<string, string>();
  for (const entry of entries) {
    const shape = entry.shape;
    let key = keyOfShape.get(shape);
    if (key === undefined) {
      key = entry.path;
      keyOfShape.set(shape, key);
      routes[key] = {};
    }
    (routes[key] as Partial<Record<HttpMethod, ServeHandler | Response>>)[entry.method] =
      fixed && entry.fixed !== undefined
        ? entry.fixed
        : outermost(
            mapHandler(entry, key, dispatch),
            options,
            entry.route,
            timeouts?.forRoute(entry.timeout),
          );
  }
  for (const [key, table] of Object.entries(routes)) {
    // Bun answers HEAD from a declared GET itself; every other missing method goes to fetch
    // (405 with Allow, OPTIONS, or a route of another path shape that also matches), or, for a
    // path without parameters, to an answer computed at startup.
    const answersHead = table.GET !== undefined;
    const unserved = unservedMethods(
      key,
      matcher,
      respondError,
      fixed,
      options.fixedErrors === true,
    );
    let answer: ServeHandler | undefined;
    for (const method of methodOrder) {
      if (table[method] !== undefined || (method === "HEAD" && answersHead)) continue;
      const computed = unserved?.(method);
      if (computed === undefined) table[method] = fetch;
      else if (computed instanceof Response) table[method] = computed;
      else {
        answer ??= outermost(computed, options, undefined, timeouts?.anyRoute);
        table[method] = answer;
      }
    }
  }
  // A function: Bun then calls it for every method (a method table here would leave unknown
  // methods unanswered). It also carries itself per method, so it reads like every other entry.
  const strict = outermost(
    strictTarget(matcher, dispatch, respondError),
    options,
    undefined,
    timeouts?.anyRoute,
  );
  const perMethod = Object.fromEntries(methodOrder.map((method) => [method, strict]));
  routes[anyOtherTarget] = Object.assign(strict, perMethod as Record<HttpMethod, ServeHandler>);
  const direct = new Map<RouterEntry, ServeHandler>();
  const directOf = (entry: RouterEntry) => {
    let handler = direct.get(entry);
    if (handler === undefined) {
      const inner = entryHandler(entry, respondError);
      handler = outermost(inner, options, entry.route, timeouts?.forRoute(entry.timeout));
      direct.set(entry, handler);
    }
    return handler;
  };
  return { routes, fetch, direct: directOf };
}

/** The route-map key of every request target no route of the map matched as written. */
export const anyOtherTarget = "/*";

/**
 * What the route map answers for a target none of its routes matched as written. Bun matches the
 * raw target, but `request.url` is the URL parser's normal form (`\` read as `/`, dot segments
 * removed): a target that only matches a route once normalized (`/health\metrics`,
 * `/users/../health`) is refused with 400, so the app never serves a path other than the one a
 * proxy in front of it saw. Any other target is answered as `fetch` would (404, 405, OPTIONS).
 */
function strictTarget(
  matcher: RouteMatcher<RouteHandler>,
  dispatch: ServeHandler,
  respondError: ErrorResponder,
): ServeHandler {
  const listed = new Set<string>(methodOrder);
  return (request, server) => {
    try {
      // A method no table lists reaches here even for a target that matched as written.
      if (!listed.has(request.method)) return dispatch(request, server);
      const allowed = new Set<string>();
      const path = pathOf(request.url);
      if (matcher.match(request.method, path, allowed) !== undefined || allowed.size > 0) {
        return respondError(
          withoutStack(
            () =>
              new BadRequestException(
                "The request target is not in normal form: backslashes and dot segments are refused.",
              ),
          ),
          request,
        );
      }
    } catch (error) {
      return respondError(error, request);
    }
    return dispatch(request, server);
  };
}
