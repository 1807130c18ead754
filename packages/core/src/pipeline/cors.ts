import { configError } from "../errors/core-config-error.js";
import type { Middleware } from "./middleware.js";
import { addVary, withHeaders } from "./response-headers.js";

/** Which origins may call: `"*"` (any), one origin, a list, or a function deciding per request. */
export type CorsOrigin =
  | string
  | readonly string[]
  | ((origin: string, request: Request) => boolean | Promise<boolean>);

/** Options of `cors()`. */
export interface CorsOptions {
  /** Allowed origins (default `"*"`). Origins compare exactly: `https://app.example.com`. */
  readonly origin?: CorsOrigin;
  /** Methods a preflight allows (default GET, HEAD, PUT, PATCH, POST, DELETE). */
  readonly methods?: readonly string[];
  /** Request headers a preflight allows (default: those the preflight asks for). */
  readonly allowedHeaders?: readonly string[];
  /** Response headers scripts may read (`Access-Control-Expose-Headers`). */
  readonly exposedHeaders?: readonly string[];
  /** Allow cookies and credentials (`Access-Control-Allow-Credentials: true`). */
  readonly credentials?: boolean;
  /** Seconds a browser may cache a preflight answer (`Access-Control-Max-Age`). */
  readonly maxAge?: number;
}

const defaultMethods = ["GET", "HEAD", "PUT", "PATCH", "POST", "DELETE"];
const headerName = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

function invalid(message: string): never {
  throw configError("INVALID_CORS_OPTION", [message]);
}

function tokenList(value: unknown, option: string): string | undefined {
  if (value === undefined) return undefined;
  if (
    !Array.isArray(value) ||
    !value.every((item) => typeof item === "string" && headerName.test(item))
  ) {
    invalid(`${option} must be an array of header names or method tokens`);
  }
  return value.join(", ");
}

// Decides the Access-Control-Allow-Origin value for a request's origin (undefined: not allowed).
function originPolicy(
  origin: CorsOrigin,
  credentials: boolean,
): {
  readonly allow: (
    origin: string,
    request: Request,
  ) => string | undefined | Promise<string | undefined>;
  /** The answer depends on the request's Origin: caches must keep them apart (`Vary: Origin`). */
  readonly varies: boolean;
} {
  if (origin === "*") {
    // Browsers refuse "*" with credentials; echoing every origin instead would let any site read
    // a signed-in user's answers. Credentials need the origins named.
    if (credentials) {
      throw configError("CORS_CREDENTIALS_ANY_ORIGIN", []);
    }
    return { allow: () => "*", varies: false };
  }
  if (typeof origin === "string") {
    return {
      allow: (requestOrigin) => (requestOrigin === origin ? origin : undefined),
      varies: true,
    };
  }
  if (Array.isArray(origin) && origin.every((item) => typeof item === "string")) {
    const allowed = new Set<string>(origin);
    return {
      allow: (requestOrigin) => (allowed.has(requestOrigin) ? requestOrigin : undefined),
      varies: true,
    };
  }
  if (typeof origin === "function") {
    const decide = origin as (origin: string, request: Request) => boolean | Promise<boolean>;
    return {
      allow: (requestOrigin, request) => {
        const verdict = decide(requestOrigin, request);
        return verdict instanceof Promise
          ? verdict.then((ok) => (ok === true ? requestOrigin : undefined))
          : verdict === true
            ? requestOrigin
            : undefined;
      },
      varies: true,
    };
  }
  return invalid("origin must be a string, an array of strings or a function");
}

/**
 * CORS as middleware. Answers preflight requests (`OPTIONS` with `Access-Control-Request-Method`)
 * itself with 204 and the `Access-Control-*` headers, and adds `Access-Control-Allow-Origin` (and
 * credentials, exposed headers) to every other answer, errors included. A disallowed origin gets
 * no `Access-Control-*` headers, so the browser blocks the call. Give it as global middleware so
 * preflights of every path are answered.
 *
 * @example
 * createApp({
 *   schema: zod(),
 *   controllers: [UserController],
 *   middleware: [cors({ origin: ["https://app.example.com"], credentials: true, maxAge: 600 })],
 * });
 */
export function cors(options: CorsOptions = {}): Middleware {
  if (options === null || typeof options !== "object") invalid("options must be an object");
  const credentials = options.credentials ?? false;
  if (typeof credentials !== "boolean") invalid("credentials must be a boolean");
  const { maxAge } = options;
  if (maxAge !== undefined && !(Number.isSafeInteger(maxAge) && maxAge >= 0)) {
    invalid("maxAge must be a non-negative integer number of seconds");
  }
  const policy = originPolicy(options.origin ?? "*", credentials);
  const methods = tokenList(options.methods ?? defaultMethods, "methods") as string;
  const allowedHeaders = tokenList(options.allowedHeaders, "allowedHeaders");
  const exposedHeaders = tokenList(options.exposedHeaders, "exposedHeaders");

  const preflight = (request: Request, allowed: string | undefined): Response => {
    const headers = new Headers();
    if (allowed !== undefined) {
      headers.set("access-control-allow-origin", allowed);
      if (credentials) headers.set("access-control-allow-credentials", "true");
      headers.set("access-control-allow-methods", methods);
      const asked = request.headers.get("access-control-request-headers");
      const allowHeaders = allowedHeaders ?? asked;
      if (allowHeaders) headers.set("access-control-allow-headers", allowHeaders);
      if (maxAge !== undefined) headers.set("access-control-max-age", String(maxAge));
    }
    addVary(headers, "Origin");
    if (allowedHeaders === undefined) addVary(headers, "Access-Control-Request-Headers");
    return new Response(null, { status: 204, headers });
  };

  const decorate = (response: Response, allowed: string | undefined): Response => {
    if (allowed === undefined && !policy.varies) return response;
    return withHeaders(response, (headers) => {
      if (policy.varies) addVary(headers, "Origin");
      if (allowed === undefined) return;
      headers.set("access-control-allow-origin", allowed);
      if (credentials) headers.set("access-control-allow-credentials", "true");
      if (exposedHeaders) headers.set("access-control-expose-headers", exposedHeaders);
    });
  };

  return async function cors(request, next) {
    const origin = request.headers.get("origin");
    // "null" is the origin of sandboxed frames, files and redirects: anyone can send it, so it is
    // never echoed as allowed, whatever the policy says.
    const allowed =
      origin === null || origin === "null" ? undefined : await policy.allow(origin, request);
    if (
      origin !== null &&
      request.method === "OPTIONS" &&
      request.headers.has("access-control-request-method")
    ) {
      return preflight(request, allowed);
    }
    return decorate(await next(), allowed);
  };
}
