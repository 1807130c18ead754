import { exportJWK, generateKeyPair, type JWK, SignJWT } from "jose";

/** The claims of a token `issueToken` signs; `iss`, `iat`, `exp` and `jti` are filled in. */
export interface TestTokenClaims {
  /** The subject (default `"test-user"`). */
  readonly sub?: string;
  /** The audience (default the issuer's `audience` option). */
  readonly aud?: string | readonly string[];
  /** Granted scopes, space-separated (`scope`) or as an array (written as `scp`). */
  readonly scope?: string | readonly string[];
  /** Seconds from now until it expires (default 300; negative for an expired token). */
  readonly expiresIn?: number;
  /** Seconds from now until it becomes valid (`nbf`; default none). */
  readonly notBefore?: number;
  /** Any other claims. */
  readonly [claim: string]: unknown;
}

/** `startTestIssuer(options)`. */
export interface TestIssuerOptions {
  /** The audience tokens name by default (default `"https://api.test"`). */
  readonly audience?: string;
  /** The port to listen on, on 127.0.0.1 (default 0: a free one). */
  readonly port?: number;
}

/** An identity provider for tests: discovery and a JWKS on a local port, tokens signed on demand. */
export interface TestIssuer {
  /** `http://127.0.0.1:<port>`: give it to `jwtBearer({ issuer })`. */
  readonly issuer: string;
  readonly audience: string;
  readonly jwksUri: string;
  /** A signed RS256 JWT access token (`typ: at+jwt`) with the given claims. */
  issueToken(claims?: TestTokenClaims): Promise<string>;
  /** A new key signs from now on; the old one stays published until `retireOldKeys()`. */
  rotateKeys(): Promise<void>;
  /** Publishes only the signing key. */
  retireOldKeys(): void;
  /** How many times the JWKS was fetched. */
  readonly jwksFetches: number;
  stop(): Promise<void>;
}

interface SigningKey {
  readonly kid: string;
  readonly privateKey: CryptoKey;
  readonly jwk: JWK;
}

async function signingKey(): Promise<SigningKey> {
  const { privateKey, publicKey } = await generateKeyPair("RS256");
  const kid = crypto.randomUUID();
  return {
    kid,
    privateKey,
    jwk: { ...(await exportJWK(publicKey)), kid, alg: "RS256", use: "sig" },
  };
}

/**
 * Starts an identity provider in this process for your tests (Bun): an OpenID discovery document
 * and a JWKS served by `Bun.serve` on a free port, and RS256 access tokens signed on demand with
 * the claims you choose. Not for production: it authenticates nobody.
 *
 * @example
 * const idp = await startTestIssuer({ audience: "https://orders.test" });
 * const bearer = jwtBearer({ issuer: idp.issuer, audience: idp.audience });
 * const token = await idp.issueToken({ sub: "ada", scope: "orders:read" });
 */
export async function startTestIssuer(options: TestIssuerOptions = {}): Promise<TestIssuer> {
  const audience = options.audience ?? "https://api.test";
  let keys = [await signingKey()];
  let fetches = 0;
  const server = Bun.serve({
    port: options.port ?? 0,
    hostname: "127.0.0.1",
    fetch(request): Response {
      const { pathname } = new URL(request.url);
      if (pathname === "/.well-known/openid-configuration") {
        return Response.json({
          issuer,
          jwks_uri: `${issuer}/jwks`,
          id_token_signing_alg_values_supported: ["RS256"],
          response_types_supported: ["code"],
          subject_types_supported: ["public"],
        });
      }
      if (pathname === "/jwks") {
        fetches++;
        return Response.json({ keys: keys.map((key) => key.jwk) });
      }
      return new Response(null, { status: 404 });
    },
  });
  const issuer: string = `http://127.0.0.1:${server.port}`;
  return {
    issuer,
    audience,
    jwksUri: `${issuer}/jwks`,
    async issueToken(claims = {}) {
      const { sub, aud, scope, expiresIn, notBefore, ...rest } = claims;
      const now = Math.floor(Date.now() / 1000);
      const key = keys[0] as SigningKey;
      const payload: Record<string, unknown> = { ...rest };
      if (typeof scope === "string") payload.scope = scope;
      else if (scope !== undefined) payload.scp = [...scope];
      if (notBefore !== undefined) payload.nbf = now + notBefore;
      return new SignJWT(payload)
        .setProtectedHeader({ alg: "RS256", kid: key.kid, typ: "at+jwt" })
        .setIssuer(issuer)
        .setSubject(sub ?? "test-user")
        .setAudience(typeof aud === "string" ? aud : aud === undefined ? audience : [...aud])
        .setIssuedAt(now)
        .setExpirationTime(now + (expiresIn ?? 300))
        .setJti(crypto.randomUUID())
        .sign(key.privateKey);
    },
    async rotateKeys() {
      keys = [await signingKey(), ...keys];
    },
    retireOldKeys() {
      keys = keys.slice(0, 1);
    },
    get jwksFetches() {
      return fetches;
    },
    async stop() {
      await server.stop(true);
    },
  };
}
