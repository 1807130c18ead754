import { configError } from "../errors/core-config-error.js";
import { routeShape } from "../http/route-shape.js";

/** A joined, checked route path in the forms the router and the document need. */
export interface RoutePath {
  /** The Bun route path with `:name` parameters; no trailing slash except `/` itself. */
  readonly path: string;
  /** The OpenAPI path template with `{name}` parameters. */
  readonly openapiPath: string;
  /** Parameter names in order of appearance. */
  readonly params: readonly string[];
  /** The path's `routeShape`: two routes with one shape collide. */
  readonly shape: string;
}

const parameterSegment = /^:([A-Za-z_][A-Za-z0-9_]*)$/;
// RFC 3986 pchar without ":" (Bun reads it as a parameter anywhere in a segment) and "*" (a Bun
// wildcard). Percent-encoded octets are matched as written.
const literalSegment = /^(?:[A-Za-z0-9\-._~!$&'()+,;=@]|%[0-9A-Fa-f]{2})+$/;

function segmentsOf(part: unknown, where: string): string[] {
  if (part === undefined) return [];
  if (typeof part !== "string") {
    throw configError("INVALID_PATH", [where, "a route path must be a string"]);
  }
  // One leading and one trailing slash are optional; anything else empty is a "//".
  const trimmed = part.replace(/^\//, "").replace(/\/$/, "");
  return trimmed === "" ? [] : trimmed.split("/");
}

/**
 * Joins a controller prefix and a verb path (SPEC 4.2): `/users` + `/:id` is `/users/:id`, a verb
 * without a path is the prefix alone, and `/` + nothing is `/`. Trailing slashes are dropped, and
 * matching is strict, as in Bun's route map: `/users/` and `//users` do not match `/users`.
 * Segments are literal (RFC 3986 pchar, except `:` and `*`) or `:name` with `name` an identifier.
 */
export function joinRoutePath(prefix: unknown, path: unknown, where: string): RoutePath {
  const segments = [...segmentsOf(prefix, where), ...segmentsOf(path, where)];
  const params: string[] = [];
  const openapi: string[] = [];
  for (const segment of segments) {
    const parameter = parameterSegment.exec(segment)?.[1];
    if (parameter !== undefined) {
      if (params.includes(parameter)) {
        throw configError("INVALID_PATH", [where, `path parameter ":${parameter}" appears twice`]);
      }
      params.push(parameter);
      openapi.push(`{${parameter}}`);
      continue;
    }
    if (!literalSegment.test(segment) || segment === "." || segment === "..") {
      throw configError("INVALID_PATH", [
        where,
        `path segment "${segment}" is neither a literal nor ":name" (an empty segment, "//", ".", "..", "*", "?", "#" and ":" inside a segment are not allowed)`,
      ]);
    }
    openapi.push(segment);
  }
  const joined = `/${segments.join("/")}`;
  return { path: joined, openapiPath: `/${openapi.join("/")}`, params, shape: routeShape(joined) };
}
