import type { RouteHandler, ServeHandler } from "../http/route-handler.js";
import { pathOf } from "../http/url-parts.js";

// A parameter as Bun decoded it is trusted only when decoding cannot have gone wrong: Bun turns
// bad escapes into U+FFFD, and "." / ".." come from dot segments the URL has normalized away.
const isClean = (value: unknown): value is string =>
  typeof value === "string" &&
  value.indexOf("\uFFFD") === -1 &&
  value.indexOf("\0") === -1 &&
  value !== "." &&
  value !== "..";

/**
 * A route-map handler. Parameters come from Bun's decoded `req.params` when they are clean, else
 * from the raw URL at the route's segment positions (decoded by the route, so both give the same
 * values, and the same 400 for bad escapes). `key` is the map's path for this shape, whose
 * parameter names `req.params` uses.
 */
export function mapHandler(
  entry: { readonly path: string; readonly handler: RouteHandler },
  key: string,
  fetch: ServeHandler,
): ServeHandler {
  const segments = entry.path === "/" ? [""] : entry.path.split("/");
  const positions: number[] = [];
  segments.forEach((segment, index) => {
    if (segment.startsWith(":")) positions.push(index);
  });
  const handler = entry.handler;
  if (positions.length === 0) return (request) => handler(request, undefined);
  const names = key
    .split("/")
    .filter((segment) => segment.startsWith(":"))
    .map((segment) => segment.slice(1));
  const count = segments.length;

  const fromUrl = (request: Request, server: unknown) => {
    const path = pathOf(request.url);
    const params: string[] = [];
    let start = 1;
    let next = 0;
    for (let segment = 1; segment < count; segment++) {
      const end = path.indexOf("/", start);
      const last = segment === count - 1;
      // Bun matched a URL that normalizes differently (dot segments): let the matcher decide.
      if (last ? end !== -1 : end === -1) return fetch(request, server);
      if (segment === positions[next]) {
        const value = path.slice(start, last ? path.length : end);
        if (value === "") return fetch(request, server);
        params.push(value);
        next++;
      }
      start = end + 1;
    }
    return handler(request, params);
  };

  // One parameter (the usual route): no loop, one array literal.
  if (names.length === 1) {
    const name = names[0] as string;
    return (request, server) => {
      const decoded = (request as { params?: Record<string, unknown> }).params;
      if (decoded === undefined) return fromUrl(request, server);
      const value = decoded[name];
      if (!isClean(value)) return fromUrl(request, server);
      return handler(request, [value], true);
    };
  }
  return (request, server) => {
    const decoded = (request as { params?: Record<string, unknown> }).params;
    if (decoded === undefined) return fromUrl(request, server);
    const params: string[] = [];
    for (const name of names) {
      const value = decoded[name];
      if (!isClean(value)) return fromUrl(request, server);
      params.push(value);
    }
    return handler(request, params, true);
  };
}
