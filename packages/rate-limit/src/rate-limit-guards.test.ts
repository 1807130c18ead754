import { Controller, Get, Route, UseGuards } from "@trellis/core";
import { describe, expect, it } from "vitest";
import { RateLimit } from "./rate-limit-decorator.js";
import { rateLimitKey, rateLimits } from "./rate-limits.js";
import { expectConfigError, send, testApp } from "./test-helpers/test-app.js";

// A route without a security scheme is counted by address before its guards: a client a guard
// refuses still spends its budget, so a flood of refused requests is cut off with 429 before the
// guard runs again. Counting after the guards (as for a principal) would let it through forever.
let guarded = 0;
@Route("/doors")
class DoorController extends Controller {
  @Get()
  @UseGuards(() => {
    guarded++;
    return false;
  })
  @RateLimit({ limit: 2, window: 60 })
  open() {
    return "never";
  }
}

describe("@RateLimit on a route without security", () => {
  it("counts before the guards: refused requests spend the budget, then 429 before the guard", async () => {
    const app = testApp([DoorController], {
      rateLimit: { clientAddress: { header: "x-forwarded-for" } },
    });
    const statuses: number[] = [];
    for (let index = 0; index < 4; index++) {
      statuses.push(
        (await send(app, "GET", "/doors", { headers: { "x-forwarded-for": "192.0.2.9" } })).status,
      );
    }
    expect(statuses).toEqual([403, 403, 429, 429]);
    expect(guarded).toBe(2);
  });
});

describe("rate limits without a client address", () => {
  it("counts requests that come with no address (in process, no trusted header) under one key", async () => {
    @Route("/local")
    class LocalController extends Controller {
      @Get()
      @RateLimit({ limit: 2, window: 60 })
      read() {
        return "ok";
      }
    }
    const app = testApp([LocalController]);
    const statuses: number[] = [];
    for (let index = 0; index < 3; index++)
      statuses.push((await send(app, "GET", "/local")).status);
    expect(statuses).toEqual([200, 200, 429]);
  });
});

describe("rateLimits() as a feature", () => {
  it("names itself and its decorator in startup errors", () => {
    expect(rateLimitKey.decorator).toBe("@RateLimit");
    expectConfigError(
      () => testApp([DoorController], { plugins: [rateLimits(), rateLimits()] }),
      "INVALID_FEATURE",
      'plugins list the route feature "rate-limit" twice; list each once',
    );
  });
});
