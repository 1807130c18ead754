import type { RouteMap, ServeHandler } from "../http/route-handler.js";

/**
 * A header set by a proxy the app trusts, carrying the client's address: `X-Forwarded-For`
 * (a list each proxy appends to), `Forwarded` (RFC 7239, its `for=` values) or a single-address
 * header (`X-Real-IP`, `CF-Connecting-IP`).
 */
export interface TrustedAddressHeader {
  /** The header's name. Only set it when every request passes through that proxy. */
  readonly header: string;
  /**
   * How many trusted proxies append to the list (default 1): the address is the one that many
   * places from the end, the one the outermost trusted proxy saw. Entries before it came from
   * the client and are never read.
   */
  readonly hops?: number;
}

interface AddressServer {
  requestIP(request: Request): { readonly address: string } | null;
}

// The server each request arrived on: Bun gives it to the top-level handler only.
const servers = new WeakMap<Request, AddressServer>();

function remembering(handler: ServeHandler): ServeHandler {
  return (request, server) => {
    if (server !== undefined && server !== null) servers.set(request, server as AddressServer);
    return handler(request, server);
  };
}

/** `routes` and `fetch` with every way in remembering the server, so routes can ask it. */
export function rememberServers(router: { routes: RouteMap; fetch: ServeHandler }): {
  routes: RouteMap;
  fetch: ServeHandler;
} {
  const routes: RouteMap = {};
  for (const [path, table] of Object.entries(router.routes)) {
    const wrapped = Object.fromEntries(
      Object.entries(table).map(([method, handler]) => [
        method,
        // A fixed `Response` is sent by Bun itself: no request reaches the app.
        handler instanceof Response ? handler : remembering(handler),
      ]),
    );
    // The catch-all target is a function Bun calls for every method: it stays one.
    routes[path] = (
      typeof table === "function"
        ? Object.assign(remembering(table as ServeHandler), wrapped)
        : wrapped
    ) as RouteMap[string];
  }
  return { routes, fetch: remembering(router.fetch) };
}

/**
 * Lets a request the app made itself on behalf of another (an MCP tool call) count as arriving on
 * that one's connection, so a rate limit by client address sees the real client.
 */
export function inheritConnection(derived: Request, origin: Request): void {
  const server = servers.get(origin);
  if (server !== undefined) servers.set(derived, { requestIP: () => server.requestIP(origin) });
}

/** The address of the connection a request arrived on; undefined without a server (`app.fetch`). */
export function socketAddress(request: Request): string | undefined {
  return servers.get(request)?.requestIP(request)?.address ?? undefined;
}

// `for=` values of a Forwarded header, quoted or not, brackets and ports removed.
function forwardedFor(value: string): string[] {
  const found: string[] = [];
  for (const element of value.split(",")) {
    const match = /(?:^|;)\s*for\s*=\s*("(?:[^"\\]|\\.)*"|[^;,\s]*)/i.exec(element);
    if (match === null) continue;
    let address = (match[1] as string).replace(/^"|"$/g, "");
    const bracket = /^\[([^\]]+)\]/.exec(address);
    if (bracket) address = bracket[1] as string;
    else if (/^[^:]+:\d+$/.test(address)) address = address.slice(0, address.indexOf(":"));
    found.push(address);
  }
  return found;
}

/**
 * How a request's client address is found: from the trusted header when one is configured and
 * the request carries enough entries, else from the connection (`server.requestIP`).
 */
export function clientAddressOf(
  trusted: TrustedAddressHeader | undefined,
): (request: Request) => string | undefined {
  if (trusted === undefined) return socketAddress;
  const name = trusted.header.toLowerCase();
  const hops = trusted.hops ?? 1;
  const forwarded = name === "forwarded";
  return (request) => {
    const value = request.headers.get(name);
    if (value !== null) {
      const entries = forwarded
        ? forwardedFor(value)
        : value.split(",").map((entry) => entry.trim());
      const address = entries[entries.length - hops];
      if (address !== undefined && address !== "") return address;
    }
    return socketAddress(request);
  };
}
