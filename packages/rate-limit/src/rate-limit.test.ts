import { Controller, Get, Post, Route, UseGuards } from "@trellis/core";
import { describe, expect, it } from "vitest";
import { memoryRateLimitStore } from "./memory-rate-limit-store.js";
import { RateLimit } from "./rate-limit-decorator.js";
import { expectConfigError, send, testApp } from "./test-helpers/test-app.js";

type Json = any;

import { quotaExceededType } from "./rate-limit-fields.js";

let guardCalls = 0;
const countingGuard = () => {
  guardCalls++;
  return true;
};

@Route("/things")
class ThingController extends Controller {
  @Get()
  @RateLimit({ limit: 2, window: 60, key: { header: "X-Api-Key" } })
  @UseGuards(countingGuard)
  list() {
    return [];
  }

  @Post()
  @RateLimit({ limit: 1, window: 10, key: (request) => request.headers.get("x-user") ?? undefined })
  create() {
    return { created: true };
  }
}

@Route("/shared")
@RateLimit({ limit: 3, window: 60, key: { header: "x-api-key" }, name: "shared" })
class SharedController extends Controller {
  @Get("/a")
  a() {
    return "a";
  }

  @Get("/b")
  b() {
    return "b";
  }

  @Get("/free")
  @RateLimit(false)
  free() {
    return "free";
  }
}

const key = (value: string) => ({ headers: { "x-api-key": value } });

describe("@RateLimit", () => {
  it("lets `limit` requests of one key through per window, then answers 429 before guards run", async () => {
    guardCalls = 0;
    const app = testApp([ThingController]);
    const statuses: number[] = [];
    for (let index = 0; index < 4; index++) {
      statuses.push((await send(app, "GET", "/things", key("alpha"))).status);
    }
    expect(statuses).toEqual([200, 200, 429, 429]);
    expect(guardCalls).toBe(2);
    // Another key has its own budget.
    expect((await send(app, "GET", "/things", key("beta"))).status).toBe(200);
  });

  it("sends RateLimit and RateLimit-Policy on every answer, and Retry-After with problem+json on 429", async () => {
    const app = testApp([ThingController]);
    const first = await send(app, "GET", "/things", key("k"));
    expect(first.headers.get("ratelimit-policy")).toBe('"listThings";q=2;w=60');
    expect(first.headers.get("ratelimit")).toBe('"listThings";r=1;t=60');
    const second = await send(app, "GET", "/things", key("k"));
    expect(second.headers.get("ratelimit")).toBe('"listThings";r=0;t=60');
    const refused = await send(app, "GET", "/things", key("k"));
    expect(refused.status).toBe(429);
    expect(refused.headers.get("content-type")).toBe("application/problem+json");
    expect(refused.headers.get("retry-after")).toBe("60");
    expect(refused.headers.get("ratelimit")).toBe('"listThings";r=0;t=60');
    const problem: Json = await refused.json();
    expect(problem).toMatchObject({
      type: quotaExceededType,
      title: "Quota exceeded",
      status: 429,
      "violated-policies": ["listThings"],
    });
  });

  it("starts a new window once the old one ends", async () => {
    let now = 1_000_000;
    const app = testApp([ThingController], {
      rateLimit: { store: memoryRateLimitStore({ now: () => now }) },
    });
    const post = () => send(app, "POST", "/things", { headers: { "x-user": "u1" } });
    expect((await post()).status).toBe(200);
    now += 4_000;
    const refused = await post();
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toBe("6");
    now += 6_000;
    expect((await post()).status).toBe(200);
  });

  it("counts requests whose key function gives nothing under one shared key", async () => {
    const app = testApp([ThingController]);
    expect((await send(app, "POST", "/things")).status).toBe(200);
    expect((await send(app, "POST", "/things")).status).toBe(429);
    expect((await send(app, "POST", "/things", { headers: { "x-user": "u2" } })).status).toBe(200);
  });

  it("shares one budget between routes of one policy name; @RateLimit(false) turns it off", async () => {
    const app = testApp([SharedController]);
    const statuses: number[] = [];
    for (const path of ["/shared/a", "/shared/b", "/shared/a", "/shared/b"]) {
      statuses.push((await send(app, "GET", path, key("one"))).status);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
    const free = await send(app, "GET", "/shared/free", key("one"));
    expect(free.status).toBe(200);
    expect(free.headers.get("ratelimit")).toBeNull();
  });

  it("applies the app-wide policy to routes without their own, as one budget named default", async () => {
    @Route("/open")
    class OpenController extends Controller {
      @Get("/x")
      x() {
        return "x";
      }

      @Get("/y")
      y() {
        return "y";
      }
    }
    const app = testApp([OpenController], {
      rateLimit: { limit: 1, window: 30, key: { header: "x-api-key" } },
    });
    const x = await send(app, "GET", "/open/x", key("c"));
    expect(x.headers.get("ratelimit-policy")).toBe('"default";q=1;w=30');
    expect((await send(app, "GET", "/open/y", key("c"))).status).toBe(429);
  });

  it("lets requests through when the store fails, logging the outage once on entry and once on exit", async () => {
    let down = true;
    const counting = memoryRateLimitStore();
    const app = testApp([ThingController], {
      rateLimit: {
        store: {
          hit: (key, windowMs) =>
            down ? Promise.reject(new Error("connection refused")) : counting.hit(key, windowMs),
        },
      },
    });
    const statuses: number[] = [];
    for (let index = 0; index < 3; index++) {
      statuses.push((await send(app, "GET", "/things", key("k"))).status);
    }
    expect(statuses).toEqual([200, 200, 200]);
    expect(app.logged.map(([message]) => String(message))).toEqual([
      expect.stringMatching(/^Outage: the rate limit store is unavailable/),
    ]);
    down = false;
    expect((await send(app, "GET", "/things", key("k"))).headers.get("ratelimit")).toBe(
      '"listThings";r=1;t=60',
    );
    expect(String(app.logged[1]?.[0])).toMatch(/^Outage over: .*; 3 requests affected/);
    expect(app.logged).toHaveLength(2);
  });

  it("answers 503 with Retry-After while the store fails, where the outage policy is fail-closed", async () => {
    @Route("/guarded")
    class GuardedController extends Controller {
      @Post("/login")
      @RateLimit({ limit: 5, window: 60, outage: "fail-closed" })
      login() {
        return { in: true };
      }

      @Get("/open")
      @RateLimit({ limit: 5, window: 60, outage: "fail-open" })
      open() {
        return "open";
      }

      @Get("/default")
      @RateLimit({ limit: 5, window: 60 })
      byDefault() {
        return "default";
      }
    }
    const failing = { hit: () => Promise.reject(new Error("connection refused")) };
    const app = testApp([GuardedController], { rateLimit: { store: failing } });
    const login = await send(app, "POST", "/guarded/login");
    expect(login.status).toBe(503);
    expect(login.headers.get("retry-after")).toBe("1");
    expect(login.headers.get("content-type")).toBe("application/problem+json");
    expect(await login.json()).toMatchObject({
      status: 503,
      title: "Rate limit store unavailable",
      type: expect.stringContaining("rate-limits.md#store-unavailable"),
    });
    expect((await send(app, "GET", "/guarded/open")).status).toBe(200);
    expect((await send(app, "GET", "/guarded/default")).status).toBe(200);
    const paths = (app.document as Json).paths;
    expect(paths["/guarded/login"].post.responses["503"]).toBeDefined();
    expect(paths["/guarded/open"].get.responses["503"]).toBeUndefined();
    // The app's choice is every route's default; a route's own wins.
    const closed = testApp([GuardedController], {
      rateLimit: { store: failing, outage: "fail-closed" },
    });
    expect((await send(closed, "GET", "/guarded/default")).status).toBe(503);
    expect((await send(closed, "GET", "/guarded/open")).status).toBe(200);
    // A store that throws at once is an outage too.
    const throwing = testApp([GuardedController], {
      rateLimit: {
        store: {
          hit: () => {
            throw new Error("no");
          },
        },
      },
    });
    expect((await send(throwing, "POST", "/guarded/login")).status).toBe(503);
  });

  it("closes its store on app.close()", async () => {
    let closed = 0;
    const counting = memoryRateLimitStore();
    const app = testApp([ThingController], {
      rateLimit: { store: { hit: counting.hit, close: () => void closed++ } },
    });
    await app.close();
    expect(closed).toBe(1);
  });

  it("refuses bad policies at startup", () => {
    const make = (options: unknown) => {
      @Route("/bad")
      class BadController extends Controller {
        @Get()
        @RateLimit(options as never)
        bad() {}
      }
      return () => testApp([BadController]);
    };
    expectConfigError(make({ limit: 0, window: 1 }), "INVALID_RATE_LIMIT", "BadController.bad");
    expectConfigError(make({ limit: 1, window: 1, key: "bogus" }), "INVALID_RATE_LIMIT", "key");
    expectConfigError(make({ limit: 1, window: 1, burst: 2 }), "INVALID_RATE_LIMIT", "burst");
    expectConfigError(
      make({ limit: 1, window: 1, outage: "open" }),
      "INVALID_RATE_LIMIT",
      "outage",
    );
    expectConfigError(
      () => testApp([ThingController], { rateLimit: { outage: "closed" as never } }),
      "INVALID_RATE_LIMIT",
      "rateLimits: outage",
    );
    expectConfigError(make({ limit: 1, window: 1.5 }), "INVALID_DURATION", "window");
    expectConfigError(make(null), "INVALID_RATE_LIMIT", "{ limit, window");
    expectConfigError(
      () => testApp([ThingController], { rateLimit: { store: {} as never } }),
      "INVALID_RATE_LIMIT",
      "rateLimits: store",
    );
  });

  it("refuses one policy name with two different limits", () => {
    @Route("/twice")
    class TwiceController extends Controller {
      @Get("/a")
      @RateLimit({ limit: 1, window: 60, name: "same" })
      a() {}

      @Get("/b")
      @RateLimit({ limit: 2, window: 60, name: "same" })
      b() {}
    }
    expectConfigError(() => testApp([TwiceController]), "INVALID_RATE_LIMIT", '"same"');
  });

  it("documents the fields, 429 and Retry-After in OpenAPI 3.0, 3.1 and 3.2", () => {
    for (const version of ["3.0", "3.1", "3.2"] as const) {
      const app = testApp([ThingController, SharedController], { openapi: { version } });
      const document: Json = app.document;
      const get = document.paths["/things"].get;
      expect(Object.keys(get.responses.default.headers)).toEqual(["RateLimit", "RateLimit-Policy"]);
      expect(Object.keys(get.responses["429"].headers)).toEqual([
        "Retry-After",
        "RateLimit",
        "RateLimit-Policy",
      ]);
      expect(get.responses["429"].content["application/problem+json"]).toBeDefined();
      const statuses = Object.keys(get.responses);
      expect(statuses.indexOf("429")).toBe(statuses.indexOf("500") - 1);
      expect(document.paths["/shared/free"].get.responses["429"]).toBeUndefined();
    }
  });
});

@Route("/public")
class AddressController extends Controller {
  @Get()
  @RateLimit({ limit: 1, window: 60 })
  hello() {
    return "hello";
  }
}

describe("@RateLimit by client address", () => {
  it("counts by the connection's address under Bun.serve", async () => {
    const app = testApp([AddressController]);
    const server = Bun.serve({ port: 0, routes: app.routes, fetch: app.fetch });
    try {
      const first = await fetch(new URL("/public", server.url));
      const second = await fetch(new URL("/public", server.url));
      expect([first.status, second.status]).toEqual([200, 429]);
    } finally {
      await server.stop(true);
    }
  });

  it("reads a trusted proxy header `hops` entries from its end, never what the client wrote before", async () => {
    const app = testApp([AddressController], {
      rateLimit: { clientAddress: { header: "x-forwarded-for", hops: 1 } },
    });
    const via = (value: string) =>
      send(app, "GET", "/public", { headers: { "x-forwarded-for": value } });
    expect((await via("6.6.6.6, 203.0.113.7")).status).toBe(200);
    // A forged first entry does not make a new client.
    expect((await via("7.7.7.7, 203.0.113.7")).status).toBe(429);
    expect((await via("203.0.113.8")).status).toBe(200);
  });

  it("counts the addresses of one IPv6 /64 as one client, and IPv4-mapped ones as IPv4", async () => {
    @Route("/v6")
    class SixController extends Controller {
      @Get()
      @RateLimit({ limit: 5, window: 60 })
      hello() {
        return "hello";
      }
    }
    const app = testApp([SixController], {
      rateLimit: { clientAddress: { header: "x-forwarded-for" } },
    });
    const via = (address: string) =>
      send(app, "GET", "/v6", { headers: { "x-forwarded-for": address } });
    const statuses: number[] = [];
    for (let host = 1; host <= 60; host++) {
      statuses.push((await via(`2001:db8:7:9::${host.toString(16)}`)).status);
    }
    expect(statuses.filter((status) => status === 200)).toHaveLength(5);
    // The next /64 is another client; an IPv4 client and its mapped form share one budget.
    expect((await via("2001:db8:7:a::1")).status).toBe(200);
    for (let attempt = 0; attempt < 5; attempt++) await via("198.51.100.4");
    expect((await via("::ffff:198.51.100.4")).status).toBe(429);
  });

  it("takes the IPv6 prefix from rateLimits({ ipv6Prefix })", async () => {
    @Route("/v6-128")
    class HostController extends Controller {
      @Get()
      @RateLimit({ limit: 1, window: 60 })
      hello() {
        return "hello";
      }
    }
    const app = testApp([HostController], {
      rateLimit: { clientAddress: { header: "x-forwarded-for" }, ipv6Prefix: 128 },
    });
    const via = (address: string) =>
      send(app, "GET", "/v6-128", { headers: { "x-forwarded-for": address } });
    expect((await via("2001:db8::1")).status).toBe(200);
    expect((await via("2001:db8::2")).status).toBe(200);
    expect((await via("2001:db8:0::1")).status).toBe(429);
    expectConfigError(
      () => testApp([HostController], { rateLimit: { ipv6Prefix: 0 } }),
      "INVALID_RATE_LIMIT",
      "ipv6Prefix",
    );
  });
});
