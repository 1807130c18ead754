import {
  Controller,
  type ExecutionContext,
  Get,
  Route,
  Security,
  setPrincipal,
  TrellisConfigError,
} from "@trellis/core";
import { describe, expect, it } from "vitest";
import { memoryRateLimitStore } from "./memory-rate-limit-store.js";
import { RateLimit } from "./rate-limit-decorator.js";
import { rateLimits } from "./rate-limits.js";
import { send, testApp } from "./test-helpers/test-app.js";

// Who a request counts as: a principal by scheme, issuer and subject (two issuers' "alice" are two
// clients), the address when a check passed without recording one; what a store that answers
// later counts; what the 429 tells the client; and the app's own policy checked when it is made.
@Route("/feeds")
@Security("token")
class FeedController extends Controller {
  @Get()
  @RateLimit({ limit: 1, window: 60 })
  list() {
    return [];
  }
}

// A bearer scheme of the test's own: "issuer subject" tokens; "anonymous" passes unrecorded.
const tokenCheck = ({ request }: ExecutionContext) => {
  const token = request.headers.get("authorization")?.replace(/^Bearer /, "") ?? "";
  if (token === "anonymous") return true;
  const [issuer, subject] = token.split(" ");
  if (subject === undefined) return false;
  setPrincipal(request, { subject, via: "bearer", issuer, scopes: [], claims: {} });
  return true;
};

function app(store = memoryRateLimitStore()) {
  return testApp([FeedController], {
    openapi: { securitySchemes: { token: { type: "http", scheme: "bearer" } } },
    security: { token: tokenCheck },
    rateLimit: { store, clientAddress: { header: "x-forwarded-for" } },
  });
}

const get = (target: ReturnType<typeof app>, token: string, from = "192.0.2.7") =>
  send(target, "GET", "/feeds", {
    headers: { authorization: `Bearer ${token}`, "x-forwarded-for": from },
  });

describe("rate limit keys of a protected route", () => {
  it("counts one subject of two issuers as two clients", async () => {
    const target = app();
    expect((await get(target, "https://a.example alice")).status).toBe(200);
    expect((await get(target, "https://a.example alice")).status).toBe(429);
    expect((await get(target, "https://b.example alice")).status).toBe(200);
  });

  it("counts by the address when the check recorded no principal", async () => {
    const target = app();
    expect((await get(target, "anonymous", "192.0.2.1")).status).toBe(200);
    expect((await get(target, "anonymous", "192.0.2.1")).status).toBe(429);
    expect((await get(target, "anonymous", "192.0.2.2")).status).toBe(200);
  });
});

describe("a store that answers later", () => {
  it("counts what its promise settles to", async () => {
    const inner = memoryRateLimitStore();
    const target = app({ hit: async (key, windowMs) => inner.hit(key, windowMs) });
    const first = await get(target, "https://a.example bob");
    expect(first.status).toBe(200);
    expect(first.headers.get("ratelimit")).toMatch(/;r=0;/);
    const second = await get(target, "https://a.example bob");
    expect(second.status).toBe(429);
  });

  it("closes an app whose store has no close method", async () => {
    const inner = memoryRateLimitStore();
    const target = app({ hit: (key, windowMs) => inner.hit(key, windowMs) });
    await expect(target.close()).resolves.toBeUndefined();
    // A store without close is not an error to log.
    expect(target.logged).toEqual([]);
  });
});

describe("the 429", () => {
  it("says which limit is used up and when to retry", async () => {
    const target = app();
    await get(target, "https://a.example carol");
    const refused = await get(target, "https://a.example carol");
    expect(refused.status).toBe(429);
    const problem = (await refused.json()) as { detail: string; "violated-policies": string[] };
    expect(problem.detail).toMatch(
      /^The rate limit of this operation \(1 requests per 60 s\) is used up; retry after \d+ s\.$/,
    );
  });
});

describe("rateLimits({ limit, window })", () => {
  it("checks the app-wide policy when the feature is made, naming rateLimits", () => {
    let thrown: unknown;
    try {
      rateLimits({ limit: 0, window: 60 });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(TrellisConfigError);
    expect((thrown as TrellisConfigError).message).toMatch(
      /^\[INVALID_RATE_LIMIT\] rateLimits: limit is 0/,
    );
  });
});
