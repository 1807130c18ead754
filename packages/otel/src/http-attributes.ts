import type { Attributes } from "@opentelemetry/api";
import { pathOf, queryOf } from "./url-parts.js";

// The names of the OpenTelemetry HTTP semantic conventions (stable since 1.23), and Trellis's own.
export const attr = {
  method: "http.request.method",
  originalMethod: "http.request.method_original",
  route: "http.route",
  status: "http.response.status_code",
  path: "url.path",
  query: "url.query",
  scheme: "url.scheme",
  serverAddress: "server.address",
  serverPort: "server.port",
  userAgent: "user_agent.original",
  errorType: "error.type",
  operationId: "trellis.operation.id",
  problemType: "trellis.problem.type",
  requestId: "trellis.request.id",
  stage: "trellis.stage",
  functionName: "code.function.name",
} as const;

const knownMethods = new Set<string>([
  "GET",
  "HEAD",
  "POST",
  "PUT",
  "PATCH",
  "DELETE",
  "OPTIONS",
  "CONNECT",
  "TRACE",
]);

/** The method as the conventions want it: a known one, else `_OTHER` (unbounded names are not). */
export const methodOf = (method: string): string => (knownMethods.has(method) ? method : "_OTHER");

/** Scheme, host and port of an absolute request URL, without `new URL`. */
export function originOf(url: string): { scheme: string; host?: string; port?: number } {
  const colon = url.indexOf("://");
  if (colon === -1) return { scheme: "http" };
  const scheme = url.slice(0, colon);
  const start = colon + 3;
  let end = url.indexOf("/", start);
  if (end === -1) end = url.length;
  const authority = url.slice(start, end);
  const portAt = authority.lastIndexOf(":");
  if (portAt === -1 || authority.endsWith("]")) return { scheme, host: authority };
  const port = Number(authority.slice(portAt + 1));
  return {
    scheme,
    host: authority.slice(0, portAt),
    ...(Number.isInteger(port) ? { port } : {}),
  };
}

/** What is allowed out of a request, settled at startup. */
export interface RequestAttributePolicy {
  readonly requestHeaders: readonly string[];
  readonly query: boolean;
  readonly extra: ((request: Request) => Attributes) | undefined;
}

/** The attributes of a request's server span known when it starts. */
export function requestAttributes(
  request: Request,
  method: string,
  policy: RequestAttributePolicy,
): Attributes {
  const url = request.url;
  const origin = originOf(url);
  const attributes: Attributes = {
    [attr.method]: method,
    [attr.path]: pathOf(url),
    [attr.scheme]: origin.scheme,
  };
  if (method === "_OTHER") attributes[attr.originalMethod] = request.method;
  if (origin.host !== undefined) attributes[attr.serverAddress] = origin.host;
  if (origin.port !== undefined) attributes[attr.serverPort] = origin.port;
  const agent = request.headers.get("user-agent");
  if (agent !== null) attributes[attr.userAgent] = agent;
  if (policy.query) {
    const query = queryOf(url);
    if (query !== "") attributes[attr.query] = query;
  }
  for (const name of policy.requestHeaders) {
    const value = request.headers.get(name);
    if (value !== null) attributes[`http.request.header.${name}`] = [value];
  }
  if (policy.extra !== undefined) {
    try {
      Object.assign(attributes, policy.extra(request));
    } catch {
      // A user's enrichment must not fail the request.
    }
  }
  return attributes;
}
