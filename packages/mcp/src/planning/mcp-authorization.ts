import {
  type ExecutionContext,
  type Guard,
  getPrincipal,
  UnauthorizedException,
} from "@trellis/core";
import {
  type AppPluginRoute,
  type Operation,
  withHeaders,
  withoutStack,
} from "@trellis/core/extend";
import { mcpError } from "../mcp-errors.js";
import type { McpAuthorizationOptions } from "./mcp-options.js";

type Handler = (request: Request) => Promise<Response>;

/**
 * A scheme check that makes the app an OAuth resource server: it verifies bearer tokens of
 * `issuer` for `audience` (what `jwtBearer` of `@trellis/auth` is). Found among
 * `createApp({ security })` by shape, so this package needs no import of `@trellis/auth`.
 */
interface BearerResourceCheck {
  readonly issuer: string;
  readonly audience: string | readonly string[];
  canActivate(context: ExecutionContext): unknown;
}

const isBearerCheck = (guard: unknown): guard is BearerResourceCheck =>
  typeof guard === "object" &&
  guard !== null &&
  typeof (guard as { issuer?: unknown }).issuer === "string" &&
  typeof (guard as { canActivate?: unknown }).canActivate === "function" &&
  ["string", "object"].includes(typeof (guard as { audience?: unknown }).audience);

const wellKnown = "/.well-known/oauth-protected-resource";
const bearer = /^bearer[ \t]+/i;
const jsonHeaders = { "content-type": "application/json; charset=utf-8" };

/** The MCP endpoint as an OAuth protected resource: its metadata routes and its token check. */
export interface McpAuthorization {
  /** `/.well-known/oauth-protected-resource` and its path-suffixed form (RFC 9728 §3.1). */
  readonly routes: readonly AppPluginRoute[];
  /** The endpoint's handler behind the token check. */
  protect(handler: Handler): Handler;
}

/** What planning the endpoint's authorization reads of the app. */
export interface McpAuthorizationInput {
  readonly option: McpAuthorizationOptions | false | undefined;
  /** The endpoint's path (`/mcp`). */
  readonly path: string;
  readonly security: ReadonlyMap<string, Guard>;
  /** The operations served as tools: their scopes of the scheme are `scopes_supported`. */
  readonly tools: readonly Operation[];
  readonly serverName: string;
  respond(error: unknown, request: Request): Response;
}

const fail = (why: string): never => {
  throw mcpError("INVALID_MCP_OPTIONS", ["mcpServer(options): authorization", why]);
};

/**
 * The endpoint's authorization (MCP authorization, RFC 9728, RFC 8707), or undefined when the app
 * has no bearer resource check (or `mcp.authorization` is false). The resource is the endpoint's
 * URL: `mcp.authorization.resource`, else the URL the request came to.
 */
export function planMcpAuthorization(input: McpAuthorizationInput): McpAuthorization | undefined {
  const { option, path, security } = input;
  if (option === false) return undefined;
  const named = option?.scheme;
  const found = [...security].find(([name, guard]) =>
    named === undefined ? isBearerCheck(guard) : name === named,
  );
  if (found === undefined) {
    if (named !== undefined) fail(`.scheme "${named}" is not a key of createApp({ security }).`);
    return undefined;
  }
  const [scheme, check] = found;
  if (!isBearerCheck(check)) {
    return fail(
      `.scheme "${scheme}" is not a bearer-token check with an issuer and an audience (such as jwtBearer()).`,
    );
  }
  const audiences = typeof check.audience === "string" ? [check.audience] : [...check.audience];
  const fixed = option?.resource;
  if (fixed !== undefined) {
    let url: URL | undefined;
    try {
      url = new URL(fixed);
    } catch {}
    if (url === undefined || !/^https?:$/.test(url.protocol) || url.hash !== "") {
      fail(`.resource must be the endpoint's absolute http(s) URL without a fragment.`);
    }
    if (!audiences.includes(fixed)) {
      fail(
        `.resource ${fixed} is not an audience of security.${scheme} (${audiences.join(", ")}): tokens for it would be refused; add it to the audience.`,
      );
    }
  }
  const scopes = [
    ...new Set(
      input.tools.flatMap(({ security: requirements }) =>
        requirements.filter((one) => one.scheme === scheme).flatMap((one) => one.scopes),
      ),
    ),
  ];

  const resourceOf = (request: Request) => fixed ?? new URL(path, request.url).href;
  const metadataUrl = (resource: string) => {
    const url = new URL(resource);
    const suffix = url.pathname === "/" ? "" : url.pathname;
    return `${url.origin}${wellKnown}${suffix}`;
  };
  const metadata = (request: Request) => {
    // The document of the resource the request came to (or the configured one).
    const resource = fixed ?? new URL(path, request.url).href;
    const body = {
      resource,
      authorization_servers: [check.issuer],
      scopes_supported: scopes,
      bearer_methods_supported: ["header"],
      resource_name: input.serverName,
    };
    return Response.json(body, { headers: jsonHeaders });
  };
  const routes = [wellKnown, `${wellKnown}${path}`].map(
    (at): AppPluginRoute => ({ method: "GET", path: at, handler: metadata }),
  );

  const refuse = (request: Request, challenge: string, detail: string) =>
    input.respond(
      withoutStack(
        () => new UnauthorizedException(detail, { headers: [["www-authenticate", challenge]] }),
      ),
      request,
    );
  const context = (request: Request) =>
    ({ request, params: {}, scopes: [], handler: "mcp" }) as unknown as ExecutionContext;

  const protect =
    (handler: Handler): Handler =>
    async (request) => {
      const resource = resourceOf(request);
      const pointer = `resource_metadata="${metadataUrl(resource)}"`;
      if (!bearer.test(request.headers.get("authorization") ?? "")) {
        return refuse(request, `Bearer ${pointer}`, "Authentication is required.");
      }
      let allowed: unknown;
      try {
        allowed = await check.canActivate(context(request));
      } catch (error) {
        // The check's own answer (401 invalid_token, 503): a 401 also points to the metadata.
        const answer = input.respond(error, request);
        if (answer.status !== 401) return answer;
        return withHeaders(answer, (headers) => {
          const challenge = headers.get("www-authenticate");
          headers.set(
            "www-authenticate",
            challenge ? `${challenge}, ${pointer}` : `Bearer ${pointer}`,
          );
        });
      }
      if (allowed !== true) {
        return refuse(request, `Bearer ${pointer}`, "Authentication is required.");
      }
      // RFC 8707: a token the API accepts is not enough; it must have been issued for this endpoint.
      const aud = getPrincipal(request)?.claims.aud;
      const granted = typeof aud === "string" ? [aud] : Array.isArray(aud) ? aud : [];
      if (!granted.includes(resource)) {
        const detail = "The access token was not issued for this resource.";
        return refuse(
          request,
          `Bearer error="invalid_token", error_description="${detail}", ${pointer}`,
          detail,
        );
      }
      return await handler(request);
    };
  return { routes, protect };
}
