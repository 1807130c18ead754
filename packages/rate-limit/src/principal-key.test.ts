import {
  Controller,
  type ExecutionContext,
  Get,
  Public,
  Route,
  Security,
  setPrincipal,
} from "@trellis/core";
import { describe, expect, it } from "vitest";
import { memoryRateLimitStore } from "./memory-rate-limit-store.js";
import { RateLimit } from "./rate-limit-decorator.js";
import type { RateLimitStore } from "./rate-limit-store.js";
import { send, testApp } from "./test-helpers/test-app.js";

@Route("/reports")
@Security("key")
class ReportController extends Controller {
  @Get()
  @RateLimit({ limit: 2, window: 60 })
  list() {
    return [];
  }

  @Get("/by-address")
  @RateLimit({ limit: 2, window: 60, key: "ip" })
  byAddress() {
    return [];
  }

  @Get("/public")
  @Public()
  @RateLimit({ limit: 2, window: 60 })
  open() {
    return [];
  }
}

// An API-key scheme of the test's own: each key is one tenant, recorded as core's principal.
const tenants: Record<string, string> = { "key-acme": "acme", "key-globex": "globex" };
let checks = 0;
const keyCheck = ({ request }: ExecutionContext) => {
  checks++;
  const subject = tenants[request.headers.get("x-api-key") ?? ""];
  if (subject === undefined) return false;
  setPrincipal(request, { subject, via: "apiKey", issuer: undefined, scopes: [], claims: {} });
  return true;
};

/** The memory store, counting the hits it is asked for. */
function countingStore() {
  const inner = memoryRateLimitStore();
  const store: RateLimitStore & { hits: number } = {
    hits: 0,
    hit(key, windowMs) {
      store.hits++;
      return inner.hit(key, windowMs);
    },
  };
  return store;
}

function app(store: RateLimitStore = memoryRateLimitStore()) {
  return testApp([ReportController], {
    openapi: { securitySchemes: { key: { type: "apiKey", in: "header", name: "x-api-key" } } },
    security: { key: keyCheck },
    // Every client seems to come from one address (one NAT, one proxy).
    rateLimit: { store, clientAddress: { header: "x-forwarded-for" } },
  });
}

const get = (target: ReturnType<typeof app>, path: string, headers: Record<string, string> = {}) =>
  send(target, "GET", path, { headers: { "x-forwarded-for": "192.0.2.7", ...headers } });

describe("@RateLimit on a protected route: counted by the principal", () => {
  it("gives two principals behind one address a budget each", async () => {
    const target = app();
    const acme = { "x-api-key": "key-acme" };
    expect((await get(target, "/reports", acme)).status).toBe(200);
    expect((await get(target, "/reports", acme)).status).toBe(200);
    expect((await get(target, "/reports", acme)).status).toBe(429);
    const globex = await get(target, "/reports", { "x-api-key": "key-globex" });
    expect(globex.status).toBe(200);
    // Its own budget: one of two used.
    expect(globex.headers.get("ratelimit")).toMatch(/;r=1;/);
  });

  it("refuses an unauthenticated flood 401 in the scheme check, without a store hit", async () => {
    const store = countingStore();
    const target = app(store);
    for (let index = 0; index < 50; index++) {
      expect((await get(target, "/reports", { "x-api-key": "key-forged" })).status).toBe(401);
    }
    expect(store.hits).toBe(0);
    expect((await get(target, "/reports", { "x-api-key": "key-acme" })).status).toBe(200);
    expect(store.hits).toBe(1);
  });

  it('still counts an explicit key: "ip" before the credential check', async () => {
    const target = app();
    checks = 0;
    const statuses: number[] = [];
    for (let index = 0; index < 4; index++) {
      statuses.push((await get(target, "/reports/by-address", { "x-api-key": "key-acme" })).status);
    }
    expect(statuses).toEqual([200, 200, 429, 429]);
    // Over the limit, the scheme check is not even run.
    expect(checks).toBe(2);
    // And it is one budget per address, whoever calls.
    expect((await get(target, "/reports/by-address", { "x-api-key": "key-globex" })).status).toBe(
      429,
    );
  });

  it("counts a public route by the client's address", async () => {
    const target = app();
    expect((await get(target, "/reports/public")).status).toBe(200);
    expect((await get(target, "/reports/public", { "x-api-key": "key-acme" })).status).toBe(200);
    expect((await get(target, "/reports/public")).status).toBe(429);
    const elsewhere = await get(target, "/reports/public", { "x-forwarded-for": "192.0.2.8" });
    expect(elsewhere.status).toBe(200);
  });
});
