import { jsonRpcError, transportError } from "./json-rpc-error.js";

const localHosts = new Set(["localhost", "127.0.0.1", "[::1]"]);

/**
 * MCP's defence against DNS rebinding (2025-11-25, transports: "Servers MUST validate the Origin
 * header"): a browser always sends `Origin` on a POST, so a page of another site that reached this
 * server through a rebound name is refused 403 unless its origin is allowed. Requests without
 * `Origin` do not come from a browser and go on (the route's own security still applies).
 */
export function originCheck(
  allowed: readonly string[],
): (request: Request) => Response | undefined {
  const origins = new Set(allowed);
  return (request) => {
    const origin = request.headers.get("origin");
    if (origin === null || origins.has(origin)) return undefined;
    try {
      const url = new URL(origin);
      if ((url.protocol === "http:" || url.protocol === "https:") && localHosts.has(url.hostname)) {
        return undefined;
      }
    } catch {}
    return jsonRpcError(403, transportError, "Forbidden: this Origin may not call the endpoint");
  };
}
