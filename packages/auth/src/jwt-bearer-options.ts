import { invalidAuthOptions } from "./auth-errors.js";

/** The asymmetric JWS algorithms jose verifies; the default allow-list. */
export const asymmetricAlgorithms = [
  "RS256",
  "RS384",
  "RS512",
  "PS256",
  "PS384",
  "PS512",
  "ES256",
  "ES384",
  "ES512",
  "EdDSA",
  "Ed25519",
] as const;

/** A JWS algorithm `jwtBearer` may accept: asymmetric only (never `none`, never HMAC). */
export type BearerAlgorithm = (typeof asymmetricAlgorithms)[number];

/** The OAuth 2.0 authorization-code flow to document instead of OpenID Connect discovery. */
export interface AuthorizationCodeFlow {
  readonly authorizationUrl: string;
  readonly tokenUrl: string;
  readonly refreshUrl?: string;
  /** Scope -> what it grants (shown by Swagger UI's Authorize dialog). */
  readonly scopes: Readonly<Record<string, string>>;
}

/** `jwtBearer(options)`. */
export interface JwtBearerOptions {
  /** The issuer (`iss`), exactly as the provider writes it; its discovery document names the keys. */
  readonly issuer: string;
  /** The audience(s) this API is (`aud`, RFC 8707's resource): a token for another is refused. */
  readonly audience: string | readonly string[];
  /** The JWKS URL; without it, `jwks_uri` of `<issuer>/.well-known/openid-configuration`. */
  readonly jwksUri?: string;
  /** Accepted algorithms (default every asymmetric one jose supports). `none` and HS* are refused. */
  readonly algorithms?: readonly BearerAlgorithm[];
  /** Leeway for `exp`, `nbf` and `iat`, in seconds (default 5). */
  readonly clockTolerance?: number;
  /** Refuse tokens issued (`iat`) longer ago than this many seconds (default: no limit). */
  readonly maxTokenAge?: number;
  /** The required `typ` header, for example `"at+jwt"` (RFC 9068); default: not checked. */
  readonly type?: string;
  /** Claims that must be present besides `exp` (always required) and `iss`/`aud`. */
  readonly requiredClaims?: readonly string[];
  /** A token longer than this many characters is refused unread (default 8192). */
  readonly maxTokenLength?: number;
  /** Fetching the keys: timeout, refetch cooldown and refresh age, in milliseconds. */
  readonly keys?: {
    /** Each fetch is abandoned after this long (default 5000). */
    readonly timeout?: number;
    /** At most one refetch for unknown `kid`s within this long (default 30000). */
    readonly cooldown?: number;
    /** Keys older than this are refreshed in the background (default 600000, ten minutes). */
    readonly maxAge?: number;
    /** With no key cached, a failed fetch is retried at most this often (default 1000). */
    readonly retryInterval?: number;
  };
  /** Documented as the OAuth 2.0 authorization-code flow (default: OpenID Connect discovery). */
  readonly authorizationCode?: AuthorizationCodeFlow;
  /** The clock tokens and the key cache are judged by, in epoch milliseconds (default `Date.now`). */
  readonly clock?: () => number;
  /** The fetch the keys are fetched with (default the global `fetch`). */
  readonly fetch?: KeyFetch;
}

/** The options, checked, with their defaults. */
export interface JwtBearerSettings {
  readonly issuer: string;
  readonly audience: string | string[];
  readonly jwksUri: string | undefined;
  readonly algorithms: string[];
  readonly clockTolerance: number;
  readonly maxTokenAge: number | undefined;
  readonly type: string | undefined;
  readonly requiredClaims: string[];
  readonly maxTokenLength: number;
  readonly timeout: number;
  readonly cooldown: number;
  readonly maxAge: number;
  readonly retryInterval: number;
  readonly authorizationCode: AuthorizationCodeFlow | undefined;
  readonly clock: () => number;
  readonly fetch: KeyFetch;
}

/** How keys and the discovery document are fetched. */
export type KeyFetch = (url: string, init: RequestInit) => Promise<Response>;

const where = "jwtBearer";
const isUrl = (value: unknown): value is string => typeof value === "string" && URL.canParse(value);

function whole(value: unknown, name: string, fallback: number, min = 0): number {
  if (value === undefined) return fallback;
  if (typeof value !== "number" || !Number.isSafeInteger(value) || value < min) {
    invalidAuthOptions(where, `${name} must be a whole number of at least ${min}.`);
  }
  return value;
}

/** Checks `jwtBearer`'s options once, at startup: a missing issuer or audience is loud. */
export function parseJwtBearerOptions(options: JwtBearerOptions): JwtBearerSettings {
  if (options === null || typeof options !== "object") {
    invalidAuthOptions(where, "needs an options object with issuer and audience.");
  }
  const { issuer, audience, jwksUri, algorithms } = options;
  if (!isUrl(issuer)) {
    invalidAuthOptions(where, "issuer is required: the URL the provider writes in `iss`.");
  }
  const audiences = typeof audience === "string" ? [audience] : audience;
  if (
    !Array.isArray(audiences) ||
    audiences.length === 0 ||
    !audiences.every((item) => typeof item === "string" && item !== "")
  ) {
    invalidAuthOptions(
      where,
      "audience is required: this API's identifier, as tokens name it in `aud`.",
    );
  }
  if (jwksUri !== undefined && !isUrl(jwksUri)) invalidAuthOptions(where, "jwksUri must be a URL.");
  const allowed: readonly string[] = asymmetricAlgorithms;
  if (
    algorithms !== undefined &&
    (!Array.isArray(algorithms) ||
      algorithms.length === 0 ||
      !algorithms.every((alg) => allowed.includes(alg)))
  ) {
    invalidAuthOptions(
      where,
      `algorithms must list some of ${asymmetricAlgorithms.join(", ")}; "none" and HMAC (HS256...) are never accepted: a resource server verifies with the issuer's public keys.`,
    );
  }
  const flow = options.authorizationCode;
  if (
    flow !== undefined &&
    (!isUrl(flow?.authorizationUrl) ||
      !isUrl(flow.tokenUrl) ||
      (flow.refreshUrl !== undefined && !isUrl(flow.refreshUrl)) ||
      flow.scopes === null ||
      typeof flow.scopes !== "object")
  ) {
    invalidAuthOptions(
      where,
      "authorizationCode needs authorizationUrl, tokenUrl (URLs) and scopes.",
    );
  }
  for (const [name, value] of [
    ["clock", options.clock],
    ["fetch", options.fetch],
  ] as const) {
    if (value !== undefined && typeof value !== "function") {
      invalidAuthOptions(where, `${name} must be a function.`);
    }
  }
  if (options.type !== undefined && (typeof options.type !== "string" || options.type === "")) {
    invalidAuthOptions(where, "type must be a media type such as at+jwt.");
  }
  const requiredClaims = options.requiredClaims ?? [];
  if (
    !Array.isArray(requiredClaims) ||
    !requiredClaims.every((claim) => typeof claim === "string")
  ) {
    invalidAuthOptions(where, "requiredClaims must be an array of claim names.");
  }
  const keys = options.keys ?? {};
  return {
    issuer,
    audience: [...audiences],
    jwksUri,
    algorithms: [...(algorithms ?? asymmetricAlgorithms)],
    clockTolerance: whole(options.clockTolerance, "clockTolerance", 5),
    maxTokenAge:
      options.maxTokenAge === undefined
        ? undefined
        : whole(options.maxTokenAge, "maxTokenAge", 0, 1),
    type: options.type,
    requiredClaims: [...new Set(["exp", ...requiredClaims])],
    maxTokenLength: whole(options.maxTokenLength, "maxTokenLength", 8192, 16),
    timeout: whole(keys.timeout, "keys.timeout", 5000, 1),
    cooldown: whole(keys.cooldown, "keys.cooldown", 30_000),
    maxAge: whole(keys.maxAge, "keys.maxAge", 600_000, 1),
    retryInterval: whole(keys.retryInterval, "keys.retryInterval", 1000),
    authorizationCode: flow,
    clock: options.clock ?? Date.now,
    fetch: options.fetch ?? ((url, init) => fetch(url, init)),
  };
}
