import { type RunningOidcProvider, startOidcProvider } from "@trellis/testing/engines";
import { decodeProtectedHeader } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jwtBearer } from "./jwt-bearer.js";
import { audience, bearer, ordersApp, send } from "./test-helpers/orders-app.js";

let idp: RunningOidcProvider;
beforeAll(async () => {
  idp = await startOidcProvider({ resources: { [audience]: "orders:read" }, ttl: 3600 });
}, 60_000);
afterAll(() => idp?.stop());

describe("key rotation at the provider, end to end", () => {
  it("accepts the new key after one refetch and refuses a retired one", async () => {
    let offset = 0;
    const guard = jwtBearer({
      issuer: idp.issuer,
      audience,
      clock: () => Date.now() + offset,
      keys: { cooldown: 60_000, maxAge: 120_000 },
    });
    const app = ordersApp(guard);
    const old = await idp.token({ resource: audience, scope: "orders:read" });
    expect((await send(app, "/orders", bearer(old))).status).toBe(200);

    // The provider rotates: a new kid signs, the old key stays published (a restart on the same port).
    const fresh = await idp.rotate();
    const rotated = await idp.token({ resource: audience, scope: "orders:read" });
    expect(decodeProtectedHeader(rotated).kid).toBe(fresh.kid);
    expect(decodeProtectedHeader(old).kid).not.toBe(fresh.kid);
    offset += 61_000; // the cooldown since the first fetch has passed
    expect((await send(app, "/orders", bearer(rotated))).status).toBe(200);
    expect(await idp.jwksFetches()).toBe(1); // counted since the restart: exactly one refetch
    expect((await send(app, "/orders", bearer(old))).status).toBe(200);

    // The old key is retired. Once the cached set is older than maxAge it is refreshed (in the
    // background, the stale set still answering meanwhile); from then on the old key is refused.
    await idp.retireOldKeys();
    offset += 121_000;
    let status = 200;
    for (let attempt = 0; attempt < 100 && status === 200; attempt++) {
      status = (await send(app, "/orders", bearer(old))).status;
      if (status === 200) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(status).toBe(401);
    expect((await send(app, "/orders", bearer(rotated))).status).toBe(200);
  }, 60_000);
});
