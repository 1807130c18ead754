// GET /me is the example's one protected route: a bearer token from the identity provider or an
// API key, either with users:read. Every other route stays public. The provider here is
// @trellis/auth/testing's, as the README's `bun run issuer` starts it; the API key comes from
// API_KEYS, read by the example's own config.
import { startTestIssuer, type TestIssuer } from "@trellis/auth/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readConfig } from "../src/config.js";
import { type RunningExample, startExample } from "./support/example-server.js";

const audience = "http://localhost:3000";
const key = "billing-key-0123456789abcdef";
let idp: TestIssuer;
let example: RunningExample;

beforeAll(async () => {
  idp = await startTestIssuer({ audience });
  const { auth } = readConfig({ AUTH_ISSUER: idp.issuer, API_KEYS: `billing:${key}` });
  example = startExample(":memory:", { auth });
  await example.ready;
});
afterAll(async () => {
  await example?.stop();
  await idp?.stop();
});

const me = (headers: Record<string, string> = {}) =>
  example.request("/me", { headers, signal: AbortSignal.timeout(10_000) });

describe("GET /me, protected by both schemes", () => {
  it("answers the caller of a bearer token and of an API key", async () => {
    const token = await idp.issueToken({ sub: "ada", scope: "users:read" });
    const byToken = await me({ authorization: `Bearer ${token}` });
    expect(byToken.status).toBe(200);
    expect(await byToken.json()).toEqual({ subject: "ada", via: "jwt" });
    const byKey = await me({ "x-api-key": key });
    expect(byKey.status).toBe(200);
    expect(await byKey.json()).toEqual({ subject: "billing", via: "apiKey" });
  });

  it("refuses no credential 401, a token without users:read 403, and a wrong key 401", async () => {
    const anonymous = await me();
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get("www-authenticate")).toContain("Bearer");
    const narrow = await idp.issueToken({ sub: "ada", scope: "profile" });
    const refused = await me({ authorization: `Bearer ${narrow}` });
    expect(refused.status).toBe(403);
    expect(refused.headers.get("www-authenticate")).toContain('scope="users:read"');
    expect((await me({ "x-api-key": "not-a-key-of-ours-at-all" })).status).toBe(401);
  });

  it("keeps the public routes public", async () => {
    const users = await example.request("/users", { signal: AbortSignal.timeout(10_000) });
    expect(users.status).toBe(200);
  });

  it("documents both schemes on GET /me only", async () => {
    const document = (await (
      await example.request("/docs/v1/openapi.json", { signal: AbortSignal.timeout(10_000) })
    ).json()) as {
      paths: Record<string, Record<string, { security?: unknown[] }>>;
      components: { securitySchemes: Record<string, { type: string }> };
    };
    const security = document.paths["/me"]?.get?.security ?? [];
    // Alternatives; the API key's scopes are enforced, but OpenAPI 3.0 lists scopes for OAuth only.
    expect(security).toHaveLength(2);
    expect(security).toContainEqual({ bearer: ["users:read"] });
    expect(security.some((requirement) => Object.hasOwn(requirement as object, "key"))).toBe(true);
    expect(document.components.securitySchemes.bearer?.type).toBe("oauth2");
    expect(document.components.securitySchemes.key?.type).toBe("apiKey");
    expect(document.paths["/users"]?.get?.security).toBeUndefined();
  });
});
