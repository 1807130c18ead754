import { describe, expect, it } from "vitest";
import { apiKey } from "./api-key.js";
import { hashApiKey, memoryApiKeyStore } from "./api-key-store.js";
import { jwtBearer } from "./jwt-bearer.js";
import { expectConfigError } from "./test-helpers/expect-config-error.js";
import { audience, ordersApp, send } from "./test-helpers/orders-app.js";

const unusedBearer = jwtBearer({ issuer: "https://id.invalid", audience });

describe("apiKey", () => {
  it("admits a stored key and binds its subject; several keys per subject (rotation); revocable", async () => {
    const store = memoryApiKeyStore();
    const first = store.issue({ subject: "acme", scopes: ["orders:read"] });
    const second = store.issue({ subject: "acme", scopes: ["orders:read"] });
    const app = ordersApp(unusedBearer, apiKey({ store }));
    for (const { key } of [first, second]) {
      const response = await send(app, "/orders", { "x-api-key": key });
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({
        subject: "acme",
        via: "apiKey",
        scopes: ["orders:read"],
      });
    }
    expect(
      store
        .list("acme")
        .map((record) => record.id)
        .sort(),
    ).toEqual([first.id, second.id].sort());
    expect(store.revoke(first.id)).toBe(true);
    const revoked = await send(app, "/orders", { "x-api-key": first.key });
    expect(revoked.status).toBe(401);
    expect(await revoked.text()).not.toContain(first.key);
    expect((await send(app, "/orders", { "x-api-key": second.key })).status).toBe(200);
  });

  it("keeps only the SHA-256 digest of a key", () => {
    const store = memoryApiKeyStore();
    const { key, id } = store.issue({ subject: "acme" });
    const [record] = store.list("acme");
    expect(record).toMatchObject({ id, hash: hashApiKey(key), subject: "acme" });
    expect(JSON.stringify(record)).not.toContain(key);
  });

  it("refuses unknown, expired and oversized keys; a missing key is 401 with no challenge", async () => {
    let now = 1_000;
    const store = memoryApiKeyStore();
    const { key } = store.issue({ subject: "acme", scopes: ["orders:read"], expiresAt: 2_000 });
    const app = ordersApp(unusedBearer, apiKey({ store, clock: () => now }));
    expect((await send(app, "/orders", { "x-api-key": key })).status).toBe(200);
    now = 2_000;
    expect((await send(app, "/orders", { "x-api-key": key })).status).toBe(401);
    expect((await send(app, "/orders", { "x-api-key": "guess" })).status).toBe(401);
    expect((await send(app, "/orders", { "x-api-key": "k".repeat(1 << 20) })).status).toBe(401);
    const missing = await send(app, "/orders");
    expect(missing.status).toBe(401);
    // The bearer alternative's challenge only: apiKey has no standard one.
    expect(missing.headers.get("www-authenticate")).toBe("Bearer");
  });

  it("answers 403 naming the scopes a key lacks", async () => {
    const store = memoryApiKeyStore();
    const { key } = store.issue({ subject: "acme", scopes: ["orders:read"] });
    const app = ordersApp(unusedBearer, apiKey({ store }));
    const response = await send(app, "/orders/admin", { "x-api-key": key });
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ missingScopes: ["orders:admin"] });
  });

  it("reads the key from a query parameter or a cookie, as declared", async () => {
    const store = memoryApiKeyStore();
    const { key } = store.issue({ subject: "acme", scopes: ["orders:read"] });
    const query = apiKey({ in: "query", name: "api_key", store });
    expect(query.scheme).toMatchObject({ type: "apiKey", in: "query", name: "api_key" });
    const byQuery = ordersApp(unusedBearer, query);
    expect((await send(byQuery, `/orders?api_key=${encodeURIComponent(key)}`)).status).toBe(200);
    const byCookie = ordersApp(unusedBearer, apiKey({ in: "cookie", name: "key", store }));
    expect((await send(byCookie, "/orders", { cookie: `theme=dark; key=${key}` })).status).toBe(
      200,
    );
  });

  it("works with an asynchronous store (the contract Redis and Postgres stores implement)", async () => {
    const memory = memoryApiKeyStore();
    const { key } = memory.issue({ subject: "globex", scopes: ["orders:read"] });
    const store = { ...memory, find: async (hash: string) => memory.find(hash) };
    const app = ordersApp(unusedBearer, apiKey({ store }));
    expect(await (await send(app, "/orders", { "x-api-key": key })).json()).toMatchObject({
      subject: "globex",
    });
  });

  it("refuses bad options at startup with INVALID_AUTH_OPTIONS", () => {
    expectConfigError(() => apiKey({ in: "body" as never }), "INVALID_AUTH_OPTIONS", "apiKey");
    expectConfigError(() => apiKey({ name: "x api key" }), "INVALID_AUTH_OPTIONS", "name");
    expectConfigError(() => apiKey({ store: {} as never }), "INVALID_AUTH_OPTIONS", "store");
  });
});
