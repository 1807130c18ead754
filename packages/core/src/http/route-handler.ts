import type { HttpMethod } from "./vocabulary.js";

/**
 * A route's request handler. Path parameters arrive in path order, raw (percent-encoded) unless
 * `decoded` says the caller decoded them already (Bun's `req.params`, checked to be clean).
 */
export type RouteHandler = (
  request: Request,
  params: readonly string[] | undefined,
  decoded?: boolean,
) => Response | Promise<Response>;

/** A handler as `Bun.serve` (routes and fetch) calls it; the server argument is optional. */
export type ServeHandler = (request: Request, server?: unknown) => Response | Promise<Response>;

/**
 * A `Bun.serve` route map: path -> method -> handler, or the `Response` Bun sends by itself for
 * an answer that depends on nothing in the request (OPTIONS and 405 when nothing wraps answers).
 */
export type RouteMap = Record<string, Partial<Record<HttpMethod, ServeHandler | Response>>>;
