import { type RunningOidcProvider, startOidcProvider } from "@trellis/testing/engines";
import { base64url, exportJWK, exportSPKI, generateKeyPair, SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jwtBearer } from "./jwt-bearer.js";
import type { JwtBearerOptions } from "./jwt-bearer-options.js";
import { audience, bearer, ordersApp, send } from "./test-helpers/orders-app.js";

let idp: RunningOidcProvider;
beforeAll(async () => {
  idp = await startOidcProvider({
    resources: {
      [audience]: "orders:read orders:admin",
      "https://billing.test": "orders:read",
    },
    ttl: 3600,
  });
}, 60_000);
afterAll(() => idp?.stop());

/** A clock the test moves: the key cache's cooldown and refresh age are judged by it. */
function testClock() {
  let offset = 0;
  return { now: () => Date.now() + offset, advance: (ms: number) => (offset += ms) };
}

function appWith(options: Partial<JwtBearerOptions> = {}) {
  const guard = jwtBearer({ issuer: idp.issuer, audience, ...options });
  return { guard, app: ordersApp(guard) };
}

/** A token signed with the provider's own signing key, with claims the provider would not issue. */
async function forged(claims: Record<string, unknown>, header: Record<string, unknown> = {}) {
  const key = idp.signingKey();
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ scope: "orders:read", ...claims })
    .setProtectedHeader({ alg: "RS256", kid: key.kid, typ: "at+jwt", ...header })
    .setIssuer((claims.iss as string | undefined) ?? idp.issuer)
    .setAudience((claims.aud as string | undefined) ?? audience)
    .setSubject("mallory")
    .setIssuedAt(now)
    .setExpirationTime((claims.exp as number | undefined) ?? now + 300)
    .sign(key.privateKey);
}

/** A syntactically whole JWT whose signature is garbage: enough to reach key selection. */
function unsigned(header: Record<string, unknown>, payload: Record<string, unknown> = {}) {
  const part = (value: object) => base64url.encode(JSON.stringify(value));
  return `${part(header)}.${part({ iss: idp.issuer, aud: audience, sub: "x", ...payload })}.${base64url.encode("not-a-signature")}`;
}

async function expectInvalid(response: Response, token?: string) {
  expect(response.status).toBe(401);
  expect(response.headers.get("www-authenticate")).toMatch(/^Bearer error="invalid_token"/);
  expect(response.headers.get("content-type")).toBe("application/problem+json");
  const text = await response.text();
  if (token !== undefined) {
    for (const part of token.split(".")) if (part.length > 8) expect(text).not.toContain(part);
  }
  return JSON.parse(text) as { status: number; detail: string };
}

describe("jwtBearer against a real OpenID provider (oidc-provider)", () => {
  it("accepts the provider's access token: keys from discovery, scopes checked, principal bound", async () => {
    const { app } = appWith();
    const token = await idp.token({ resource: audience, scope: "orders:read" });
    const response = await send(app, "/orders", bearer(token));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      subject: idp.clientId,
      via: "jwt",
      scopes: ["orders:read"],
    });
  });

  it("answers a missing token 401 with a plain Bearer challenge, no error code", async () => {
    const { app } = appWith();
    const response = await send(app, "/whoami");
    expect(response.status).toBe(401);
    expect(response.headers.get("www-authenticate")).toBe("Bearer");
    expect(response.headers.get("content-type")).toBe("application/problem+json");
    const basic = await send(app, "/whoami", { authorization: "Basic YTpi" });
    expect(basic.headers.get("www-authenticate")).toBe("Bearer");
  });

  it("answers a missing scope 403 insufficient_scope, naming the missing scopes", async () => {
    const { app } = appWith();
    const token = await idp.token({ resource: audience, scope: "orders:read" });
    const response = await send(app, "/orders/admin", bearer(token));
    expect(response.status).toBe(403);
    expect(response.headers.get("www-authenticate")).toBe(
      'Bearer error="insufficient_scope", scope="orders:admin"',
    );
    expect(await response.json()).toMatchObject({ status: 403, missingScopes: ["orders:admin"] });
    const both = await idp.token({ resource: audience, scope: "orders:read orders:admin" });
    expect((await send(app, "/orders/admin", bearer(both))).status).toBe(200);
  });

  it("refuses the provider's token for another resource (wrong audience)", async () => {
    const { app } = appWith();
    const token = await idp.token({ resource: "https://billing.test", scope: "orders:read" });
    await expectInvalid(await send(app, "/orders", bearer(token)), token);
  });

  it("refuses alg none", async () => {
    const { app } = appWith();
    const token = unsigned({ alg: "none", kid: idp.signingKey().kid }, { scope: "orders:read" });
    await expectInvalid(await send(app, "/orders", bearer(token.replace(/[^.]+$/, "x"))));
  });

  it("refuses HS256 signed with the provider's public key (algorithm confusion)", async () => {
    const { app } = appWith();
    const key = idp.signingKey();
    const publicKey = (await import("jose")).importJWK(key.publicJwk, "RS256");
    const pem = await exportSPKI((await publicKey) as CryptoKey);
    const now = Math.floor(Date.now() / 1000);
    for (const secret of [
      new TextEncoder().encode(pem),
      new TextEncoder().encode(JSON.stringify(key.publicJwk)),
    ]) {
      const token = await new SignJWT({ scope: "orders:read" })
        .setProtectedHeader({ alg: "HS256", kid: key.kid })
        .setIssuer(idp.issuer)
        .setAudience(audience)
        .setSubject("mallory")
        .setExpirationTime(now + 300)
        .sign(secret);
      await expectInvalid(await send(app, "/orders", bearer(token)), token);
    }
  });

  it("never picks keys from jku, x5u or an embedded jwk", async () => {
    const clock = testClock();
    const { app } = appWith({ clock: clock.now });
    let attackerHits = 0;
    const attacker = await generateKeyPair("RS256", { extractable: true });
    const attackerJwk = { ...(await exportJWK(attacker.publicKey)), kid: "evil", alg: "RS256" };
    const elsewhere = Bun.serve({
      port: 0,
      fetch: () => {
        attackerHits++;
        return Response.json({ keys: [attackerJwk] });
      },
    });
    try {
      const now = Math.floor(Date.now() / 1000);
      const sign = (header: Record<string, unknown>) =>
        new SignJWT({ scope: "orders:read" })
          .setProtectedHeader({ alg: "RS256", ...header })
          .setIssuer(idp.issuer)
          .setAudience(audience)
          .setSubject("mallory")
          .setExpirationTime(now + 300)
          .sign(attacker.privateKey);
      const url = `http://127.0.0.1:${elsewhere.port}/jwks`;
      for (const header of [
        { kid: "evil", jku: url },
        { kid: idp.signingKey().kid, jku: url },
        { kid: "evil", x5u: url },
        { kid: "evil", jwk: attackerJwk },
        { jwk: attackerJwk },
        { kid: idp.signingKey().kid, jwk: attackerJwk },
      ]) {
        const token = await sign(header);
        await expectInvalid(await send(app, "/orders", bearer(token)), token);
      }
      expect(attackerHits).toBe(0);
    } finally {
      await elsewhere.stop(true);
    }
  });

  it("refuses expired, not yet valid, wrong-issuer and wrong-audience tokens signed with the provider's key", async () => {
    const { app } = appWith({ clockTolerance: 5 });
    const now = Math.floor(Date.now() / 1000);
    const expired = await forged({ exp: now - 60 });
    expect((await expectInvalid(await send(app, "/orders", bearer(expired)), expired)).detail).toBe(
      "The access token has expired.",
    );
    const early = await forged({ nbf: now + 600 });
    expect((await expectInvalid(await send(app, "/orders", bearer(early)), early)).detail).toBe(
      "The access token is not valid yet.",
    );
    const issuer = await forged({ iss: "https://evil.test" });
    await expectInvalid(await send(app, "/orders", bearer(issuer)), issuer);
    const other = await forged({ aud: "https://billing.test" });
    await expectInvalid(await send(app, "/orders", bearer(other)), other);
    // Within the tolerance: still accepted (the same key, so the refusals above are the claims').
    const justExpired = await forged({ exp: now - 1 });
    expect((await send(app, "/orders", bearer(justExpired))).status).toBe(200);
  });

  it("refuses a token with a kid not in the JWKS after one refetch", async () => {
    const clock = testClock();
    const { app } = appWith({ clock: clock.now, keys: { cooldown: 60_000 } });
    const token = await idp.token({ resource: audience, scope: "orders:read" });
    expect((await send(app, "/orders", bearer(token))).status).toBe(200);
    const before = await idp.jwksFetches();
    clock.advance(61_000); // past the cooldown: an unknown kid may cause one refetch
    const stranger = unsigned({ alg: "RS256", kid: "not-published" }, { scope: "orders:read" });
    await expectInvalid(await send(app, "/orders", bearer(stranger)));
    await expectInvalid(await send(app, "/orders", bearer(stranger)));
    expect((await idp.jwksFetches()) - before).toBe(1);
  });

  it("spends at most one refetch on 10,000 tokens with made-up kids", async () => {
    const clock = testClock();
    const { app } = appWith({ clock: clock.now, keys: { cooldown: 60_000 } });
    const token = await idp.token({ resource: audience, scope: "orders:read" });
    expect((await send(app, "/orders", bearer(token))).status).toBe(200);
    const before = await idp.jwksFetches();
    clock.advance(61_000);
    const statuses = new Map<number, number>();
    for (let batch = 0; batch < 10; batch++) {
      const answers = await Promise.all(
        Array.from({ length: 1000 }, (_, index) =>
          send(app, "/orders", bearer(unsigned({ alg: "RS256", kid: `kid-${batch}-${index}` }))),
        ),
      );
      for (const answer of answers)
        statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
    }
    expect(Object.fromEntries(statuses)).toEqual({ 401: 10_000 });
    expect((await idp.jwksFetches()) - before).toBe(1);
    // The real token is still served from the cache.
    expect((await send(app, "/orders", bearer(token))).status).toBe(200);
  }, 60_000);

  it("refuses a 1 MiB token unread: no key fetch, no parse", async () => {
    const { app } = appWith();
    const before = await idp.jwksFetches();
    const huge = `${"a".repeat(512 * 1024)}.${"b".repeat(512 * 1024)}.c`;
    const body = await expectInvalid(await send(app, "/orders", bearer(huge)));
    expect(body.detail).toBe("The access token is malformed.");
    expect(await idp.jwksFetches()).toBe(before);
  });

  it("refuses malformed tokens and JWEs without a 500", async () => {
    const { app } = appWith();
    for (const value of [
      "Bearer ",
      "Bearer a.b",
      "Bearer a.b.c.d.e",
      "Bearer ä.b.c",
      "Bearer  x",
    ]) {
      const response = await send(app, "/orders", { authorization: value });
      expect([401]).toContain(response.status);
    }
  });
});

describe("jwtBearer when the key endpoint hangs", () => {
  it("keeps answering from cached keys while a refresh hangs", async () => {
    const clock = testClock();
    const { app } = appWith({ clock: clock.now, keys: { timeout: 2000, maxAge: 60_000 } });
    const token = await idp.token({ resource: audience, scope: "orders:read" });
    expect((await send(app, "/orders", bearer(token))).status).toBe(200);
    await idp.hangJwks(true);
    try {
      clock.advance(61_000); // stale: the next request starts a refresh, which hangs
      for (let index = 0; index < 3; index++) {
        expect((await send(app, "/orders", bearer(token))).status).toBe(200);
      }
    } finally {
      await idp.hangJwks(false);
    }
  });

  it("answers 503 with Retry-After within the fetch timeout when no key is cached", async () => {
    const { app } = appWith({ keys: { timeout: 300, retryInterval: 5000 } });
    const token = await idp.token({ resource: audience, scope: "orders:read" });
    await idp.hangJwks(true);
    try {
      const response = await send(app, "/orders", bearer(token));
      expect(response.status).toBe(503);
      expect(response.headers.get("content-type")).toBe("application/problem+json");
      expect(Number(response.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
      // Within the retry interval the next request is answered at once, with no new fetch.
      const fetches = await idp.jwksFetches();
      expect((await send(app, "/orders", bearer(token))).status).toBe(503);
      expect(await idp.jwksFetches()).toBe(fetches);
    } finally {
      await idp.hangJwks(false);
    }
  }, 20_000);
});
