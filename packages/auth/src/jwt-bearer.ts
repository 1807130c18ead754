import { trace } from "@opentelemetry/api";
import { type CanActivate, type ExecutionContext, getRequestLogger } from "@trellis/core";
import { errors, jwtVerify } from "jose";
import { insufficientScope, invalidToken, keysUnavailable } from "./challenges.js";
import {
  type JwtBearerOptions,
  type JwtBearerSettings,
  parseJwtBearerOptions,
} from "./jwt-bearer-options.js";
import { KeySource, KeysUnavailableError } from "./key-source.js";
import { setPrincipal } from "./principal.js";
import { grantedScopes, missingScopes } from "./scopes.js";
import { type OpenApiSecurityScheme, subjectAttribute } from "./security-scheme.js";

// RFC 6750 §2.1: credentials = "Bearer" 1*SP b64token; the scheme name is case-insensitive.
const bearerPrefix = /^bearer +/i;
const b64token = /^[A-Za-z0-9\-._~+/]+=*$/;
// A JWS in compact form: three base64url parts (a JWE has five: refused as malformed).
const compactJws = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/;

/** What the client is told for a refused token: its kind, never its content. */
function refusal(error: unknown): string {
  if (error instanceof errors.JWTExpired) return "The access token has expired.";
  if (error instanceof errors.JWTClaimValidationFailed && error.claim === "nbf") {
    return "The access token is not valid yet.";
  }
  return "The access token is not valid.";
}

/**
 * The runtime check of a bearer-token scheme: verifies a JWT access token against the issuer's
 * keys (jose), checks issuer, audience, expiry and the operation's scopes, and records the
 * principal. Given to `createApp({ security })`; `.scheme` is its OpenAPI declaration.
 */
export class JwtBearer implements CanActivate {
  private readonly settings: JwtBearerSettings;
  private readonly keys: KeySource;
  /** The OpenAPI security scheme object for `openapi.securitySchemes`. */
  readonly scheme: OpenApiSecurityScheme;

  constructor(options: JwtBearerOptions) {
    this.settings = parseJwtBearerOptions(options);
    const { issuer, jwksUri, timeout, cooldown, maxAge, retryInterval, clock } = this.settings;
    this.keys = new KeySource({
      issuer,
      jwksUri,
      timeout,
      cooldown,
      maxAge,
      retryInterval,
      fetch: this.settings.fetch,
      now: clock,
    });
    this.scheme = bearerScheme(this.settings);
  }

  /** The issuer tokens must come from. */
  get issuer(): string {
    return this.settings.issuer;
  }

  /** The audiences this API accepts tokens for (the resource, RFC 8707). */
  get audience(): readonly string[] {
    return this.settings.audience as readonly string[];
  }

  canActivate(context: ExecutionContext): boolean | Promise<boolean> {
    const header = context.request.headers.get("authorization");
    if (header === null || !bearerPrefix.test(header)) return false; // no bearer credentials
    // Bounded before any parsing: an oversized header is refused unread.
    if (header.length > this.settings.maxTokenLength + 16) {
      throw invalidToken("The access token is malformed.");
    }
    const token = header.replace(bearerPrefix, "");
    if (
      token.length > this.settings.maxTokenLength ||
      !b64token.test(token) ||
      !compactJws.test(token)
    ) {
      throw invalidToken("The access token is malformed.");
    }
    return this.verify(token, context);
  }

  private async verify(token: string, context: ExecutionContext): Promise<boolean> {
    const { settings } = this;
    let payload: Readonly<Record<string, unknown>>;
    try {
      ({ payload } = await jwtVerify(token, this.keys.getKey, {
        issuer: settings.issuer,
        audience: settings.audience,
        algorithms: settings.algorithms,
        clockTolerance: settings.clockTolerance,
        requiredClaims: settings.requiredClaims,
        currentDate: new Date(settings.clock()),
        ...(settings.maxTokenAge === undefined ? {} : { maxTokenAge: settings.maxTokenAge }),
        ...(settings.type === undefined ? {} : { typ: settings.type }),
      }));
    } catch (error) {
      if (error instanceof KeysUnavailableError) {
        getRequestLogger(context.request).warn("bearer token not verified: no signing keys", {
          issuer: settings.issuer,
          reason: String((error.cause as Error | undefined)?.message ?? error.message),
        });
        throw keysUnavailable(error.retryAfterMs / 1000);
      }
      getRequestLogger(context.request).debug("bearer token refused", {
        reason: (error as { code?: unknown }).code ?? "ERR_JWT_INVALID",
      });
      throw invalidToken(refusal(error));
    }
    const subject = payload.sub;
    if (typeof subject !== "string" || subject === "") {
      throw invalidToken("The access token names no subject.");
    }
    const scopes = grantedScopes(payload);
    const missing = missingScopes(context.scopes, scopes);
    if (missing.length > 0) throw insufficientScope(missing, true);
    setPrincipal(context.request, {
      subject,
      via: "jwt",
      issuer: settings.issuer,
      scopes,
      claims: payload,
    });
    trace.getActiveSpan()?.setAttribute(subjectAttribute, subject);
    return true;
  }
}

function bearerScheme(settings: JwtBearerSettings): OpenApiSecurityScheme {
  const flow = settings.authorizationCode;
  if (flow !== undefined) {
    return {
      type: "oauth2",
      description: `OAuth 2.0 access tokens (JWT) from ${settings.issuer}.`,
      flows: { authorizationCode: { ...flow, scopes: { ...flow.scopes } } },
    };
  }
  if (settings.jwksUri === undefined) {
    return {
      type: "openIdConnect",
      description: `Access tokens (JWT) from ${settings.issuer}.`,
      openIdConnectUrl: `${settings.issuer.replace(/\/$/, "")}/.well-known/openid-configuration`,
    };
  }
  return {
    type: "http",
    scheme: "bearer",
    bearerFormat: "JWT",
    description: `Access tokens (JWT) from ${settings.issuer}.`,
  };
}

/**
 * The runtime check of a JWT bearer scheme, for `createApp({ security })`; its `.scheme` is the
 * declaration for `openapi.securitySchemes`. Issuer and audience are required.
 *
 * @example
 * const bearer = jwtBearer({ issuer: "https://id.example.com", audience: "https://orders.example.com" });
 * createApp({ ..., openapi: { securitySchemes: { bearer: bearer.scheme } }, security: { bearer } });
 */
export function jwtBearer(options: JwtBearerOptions): JwtBearer {
  return new JwtBearer(options);
}
