import { trace } from "@opentelemetry/api";
import { type CanActivate, type ExecutionContext, getRequestLogger } from "@trellis/core";
import {
  type ApiKeyRecord,
  type ApiKeyStore,
  hashApiKey,
  memoryApiKeyStore,
  sameDigest,
} from "./api-key-store.js";
import { invalidAuthOptions } from "./auth-errors.js";
import { apiKeysUnavailable, insufficientScope, invalidApiKey } from "./challenges.js";
import { setPrincipal } from "./principal.js";
import { missingScopes } from "./scopes.js";
import { type OpenApiSecurityScheme, subjectAttribute } from "./security-scheme.js";

/** `apiKey(options)`. */
export interface ApiKeyOptions {
  /** Where the key is sent (default `"header"`). */
  readonly in?: "header" | "query" | "cookie";
  /** The header, query parameter or cookie name (default `x-api-key`). */
  readonly name?: string;
  /** Where keys are looked up (default a new `memoryApiKeyStore()`). */
  readonly store?: ApiKeyStore;
  /** A key longer than this many characters is refused unhashed (default 256). */
  readonly maxKeyLength?: number;
  /** The clock expiry is judged by (default `Date.now`). */
  readonly clock?: () => number;
}

const token = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
const where = "apiKey";

/** The value of cookie `name` in a Cookie header, or undefined. */
function cookieValue(header: string | null, name: string): string | undefined {
  if (header === null) return undefined;
  for (const pair of header.split(";")) {
    const at = pair.indexOf("=");
    if (at !== -1 && pair.slice(0, at).trim() === name) return pair.slice(at + 1).trim();
  }
  return undefined;
}

/**
 * The runtime check of an API-key scheme: reads the key from its header, query parameter or
 * cookie, looks its SHA-256 digest up in the store, refuses revoked and expired keys, checks the
 * operation's scopes and records the principal. `.scheme` is its OpenAPI declaration.
 */
export class ApiKey implements CanActivate {
  readonly store: ApiKeyStore;
  readonly scheme: OpenApiSecurityScheme;
  private readonly location: "header" | "query" | "cookie";
  private readonly name: string;
  private readonly maxKeyLength: number;
  private readonly clock: () => number;
  // Requests refused since the store last answered (0: it answers).
  private refused = 0;

  constructor(options: ApiKeyOptions = {}) {
    if (options === null || typeof options !== "object") {
      invalidAuthOptions(where, "the options must be an object.");
    }
    const location = options.in ?? "header";
    if (!["header", "query", "cookie"].includes(location)) {
      invalidAuthOptions(where, 'in must be "header", "query" or "cookie".');
    }
    const name = options.name ?? "x-api-key";
    if (typeof name !== "string" || !token.test(name)) {
      invalidAuthOptions(where, "name must be a header, query parameter or cookie name.");
    }
    const store = options.store ?? memoryApiKeyStore();
    if (typeof (store as { find?: unknown } | null)?.find !== "function") {
      invalidAuthOptions(where, "store must be an API key store (with a find(hash) method).");
    }
    const max = options.maxKeyLength ?? 256;
    if (!Number.isSafeInteger(max) || max < 16) {
      invalidAuthOptions(where, "maxKeyLength must be a whole number of at least 16.");
    }
    if (options.clock !== undefined && typeof options.clock !== "function") {
      invalidAuthOptions(where, "clock must be a function.");
    }
    this.location = location;
    this.name = location === "header" ? name.toLowerCase() : name;
    this.store = store;
    this.maxKeyLength = max;
    this.clock = options.clock ?? Date.now;
    this.scheme = {
      type: "apiKey",
      in: location,
      name,
      description: `An API key in the ${name} ${location === "query" ? "query parameter" : location}.`,
    };
  }

  private read(request: Request): string | undefined {
    if (this.location === "header") return request.headers.get(this.name) ?? undefined;
    if (this.location === "cookie") return cookieValue(request.headers.get("cookie"), this.name);
    return new URL(request.url).searchParams.get(this.name) ?? undefined;
  }

  canActivate(context: ExecutionContext): boolean | Promise<boolean> {
    const key = this.read(context.request);
    if (key === undefined || key === "") return false; // no key: 401 (or another scheme's turn)
    if (key.length > this.maxKeyLength) throw invalidApiKey();
    const hash = hashApiKey(key);
    let found: ReturnType<ApiKeyStore["find"]>;
    try {
      found = this.store.find(hash);
    } catch (error) {
      throw this.unavailable(error, context);
    }
    return found instanceof Promise
      ? found.then(
          (record) => this.admit(record, hash, context),
          (error: unknown) => {
            throw this.unavailable(error, context);
          },
        )
      : this.admit(found, hash, context);
  }

  /**
   * A store that cannot answer (Postgres or Redis away): 503 with Retry-After. Logged once when the
   * outage begins and once when the store answers again, with the count refused meanwhile.
   */
  private unavailable(error: unknown, context: ExecutionContext): Error {
    if (this.refused++ === 0) {
      getRequestLogger(context.request).error(
        "apiKey: the API-key store failed; requests with a key are answered 503 until it answers again.",
        error,
      );
    }
    return apiKeysUnavailable();
  }

  private admit(record: ApiKeyRecord | undefined, hash: string, context: ExecutionContext): true {
    if (this.refused > 0) {
      getRequestLogger(context.request).warn(
        `apiKey: the API-key store answers again; ${this.refused} requests were refused (503) meanwhile.`,
      );
      this.refused = 0;
    }
    // The store found it by digest; compared again in constant time, whatever the store's lookup.
    if (
      record === undefined ||
      !sameDigest(record.hash, hash) ||
      record.revokedAt !== undefined ||
      (record.expiresAt !== undefined && record.expiresAt <= this.clock())
    ) {
      getRequestLogger(context.request).debug("api key refused", {
        key: record?.id ?? null,
        reason: record === undefined ? "unknown" : record.revokedAt ? "revoked" : "expired",
      });
      throw invalidApiKey();
    }
    const missing = missingScopes(context.scopes, record.scopes);
    if (missing.length > 0) throw insufficientScope(missing, false);
    setPrincipal(context.request, {
      subject: record.subject,
      via: "apiKey",
      issuer: undefined,
      scopes: record.scopes,
      claims: { ...record.claims, keyId: record.id },
    });
    trace.getActiveSpan()?.setAttribute(subjectAttribute, record.subject);
    return true;
  }
}

/**
 * The runtime check of an API-key scheme, for `createApp({ security })`; `.scheme` is the
 * declaration for `openapi.securitySchemes` and `.store` where keys are issued and revoked.
 *
 * @example
 * const keys = apiKey({ in: "header", name: "x-api-key", store: memoryApiKeyStore() });
 * createApp({ ..., openapi: { securitySchemes: { key: keys.scheme } }, security: { key: keys } });
 */
export function apiKey(options?: ApiKeyOptions): ApiKey {
  return new ApiKey(options);
}
