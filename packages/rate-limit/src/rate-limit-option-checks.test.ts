import { TrellisConfigError } from "@trellis/core";
import { describe, expect, it } from "vitest";
import { addressKey } from "./address-key.js";
import { rateLimitDocument } from "./rate-limit-document.js";
import { quotaExceededType } from "./rate-limit-fields.js";
import { parseRateLimitRuntime } from "./rate-limit-options.js";
import { appPolicy, checkRateLimit } from "./rate-limit-policy.js";

// Each check of the options is a startup error for what a route would otherwise count wrongly;
// each accepted value is planned as written (a header key lower-cased, as Headers reads it).
const refuses = (run: () => unknown, ...parts: string[]) =>
  refusesWith("INVALID_RATE_LIMIT", run, ...parts);
const refusesWith = (code: string, run: () => unknown, ...parts: string[]) => {
  let thrown: unknown;
  try {
    run();
  } catch (error) {
    thrown = error;
  }
  expect(thrown, parts.join(" ")).toBeInstanceOf(TrellisConfigError);
  expect((thrown as TrellisConfigError).code).toBe(code);
  for (const part of parts) expect((thrown as Error).message).toContain(part);
};
const day = 24 * 60 * 60;

describe("checkRateLimit (the options of @RateLimit)", () => {
  it("means no limit for undefined and false, and refuses what is not an object", () => {
    expect(checkRateLimit(undefined, "A.read")).toBeUndefined();
    expect(checkRateLimit(false, "A.read")).toBeUndefined();
    for (const value of [null, true, 5, "5/s"])
      refuses(() => checkRateLimit(value, "A.read"), "A.read", "@RateLimit takes");
  });

  it("names each unknown option", () => {
    refuses(() => checkRateLimit({ limit: 1, window: 1, per: 1, by: 2 }, "A.read"), "per, by");
  });

  it("takes a whole number of requests from 1", () => {
    for (const limit of [undefined, "5", 1.5, 0, -1, Number.NaN]) {
      refuses(
        () => checkRateLimit({ limit, window: 60 }, "A.read"),
        "A.read",
        `limit is ${String(limit)}`,
        "whole number of requests",
      );
    }
    expect(checkRateLimit({ limit: 1, window: 60 }, "A.read")?.limit).toBe(1);
  });

  it("takes a window in seconds up to 366 days", () => {
    expect(checkRateLimit({ limit: 1, window: 366 * day }, "A.read")?.window).toBe(366 * day);
    refusesWith(
      "INVALID_DURATION",
      () => checkRateLimit({ limit: 1, window: 366 * day + 1 }, "A.read"),
      "A.read: rate limit window",
      "seconds",
      `to ${366 * day}`,
    );
  });

  it("plans each kind of key as written, a header's name lower-cased", () => {
    const keyOf = (key: unknown) => checkRateLimit({ limit: 1, window: 1, key }, "A.read")?.key;
    expect(keyOf(undefined)).toBeUndefined();
    expect(keyOf("principal")).toBe("principal");
    expect(keyOf("ip")).toBe("ip");
    const byTenant = (request: Request) => request.headers.get("x-tenant") ?? "";
    expect(keyOf(byTenant)).toBe(byTenant);
    expect(keyOf({ header: "X-Api-Key" })).toEqual({ header: "x-api-key" });
  });

  it("refuses any other key", () => {
    for (const key of [
      "user",
      null,
      {},
      { header: 5 },
      { header: "" },
      { header: "x key" },
      { header: " x-key" },
      { header: "x-key:" },
    ]) {
      refuses(
        () => checkRateLimit({ limit: 1, window: 1, key }, "A.read"),
        "A.read",
        "key must be",
      );
    }
  });

  it("takes a name of 1 to 64 printable ASCII characters", () => {
    expect(checkRateLimit({ limit: 1, window: 1, name: "per user" }, "A.read")?.name).toBe(
      "per user",
    );
    expect(checkRateLimit({ limit: 1, window: 1, name: "n".repeat(64) }, "A.read")?.name).toBe(
      "n".repeat(64),
    );
    for (const name of [5, "", "n".repeat(65), "\u0001name", "name\n", "caf\u00e9"]) {
      refuses(() => checkRateLimit({ limit: 1, window: 1, name }, "A.read"), "name must be");
    }
  });
});

describe("appPolicy (the app-wide policy of rateLimits)", () => {
  it("is none without limit and window, and named default unless named", () => {
    expect(appPolicy({})).toBeUndefined();
    expect(appPolicy({ limit: 5 })).toStrictEqual({ limit: 5, window: undefined, name: "default" });
    expect(appPolicy({ window: 9 })).toStrictEqual({
      limit: undefined,
      window: 9,
      name: "default",
    });
    expect(appPolicy({ limit: 5, window: 9, key: "ip", name: "site" })).toStrictEqual({
      limit: 5,
      window: 9,
      key: "ip",
      name: "site",
    });
  });
});

describe("parseRateLimitRuntime (store, clientAddress and ipv6Prefix of rateLimits)", () => {
  it("gives a memory store, no trusted header and /64 by default", () => {
    for (const value of [undefined, {}]) {
      const settings = parseRateLimitRuntime(value);
      expect(typeof settings.store.hit).toBe("function");
      expect(settings.clientAddress).toBeUndefined();
      expect(settings.ipv6Prefix).toBe(64);
    }
  });

  it("refuses options that are not an object", () => {
    for (const value of [null, 5, "memory"])
      refuses(() => parseRateLimitRuntime(value), "rateLimits", "must be an object");
  });

  it("takes an ipv6Prefix of 1 to 128 bits", () => {
    expect(parseRateLimitRuntime({ ipv6Prefix: 1 }).ipv6Prefix).toBe(1);
    expect(parseRateLimitRuntime({ ipv6Prefix: 128 }).ipv6Prefix).toBe(128);
    for (const ipv6Prefix of [0, 129, 48.5, "64"])
      refuses(() => parseRateLimitRuntime({ ipv6Prefix }), "ipv6Prefix", "1 to 128");
  });

  it("takes a store with a hit method only", () => {
    const store = { hit: () => ({ count: 1, resetMs: 1000 }) };
    expect(parseRateLimitRuntime({ store }).store).toBe(store);
    for (const bad of [null, {}, { hit: 1 }])
      refuses(() => parseRateLimitRuntime({ store: bad }), "store must be");
  });

  it("takes a trusted clientAddress header with whole hops from 1", () => {
    const trusted = { header: "x-forwarded-for", hops: 2 };
    expect(parseRateLimitRuntime({ clientAddress: trusted }).clientAddress).toBe(trusted);
    for (const clientAddress of [
      null,
      {},
      { header: 1 },
      { header: "x forwarded" },
      { header: "x-forwarded-for " },
      { header: "(x)" },
    ]) {
      refuses(() => parseRateLimitRuntime({ clientAddress }), "clientAddress must be");
    }
    for (const hops of [0, 1.5, "1"]) {
      refuses(
        () => parseRateLimitRuntime({ clientAddress: { header: "x-forwarded-for", hops } }),
        "clientAddress.hops",
      );
    }
  });
});

describe("addressKey edge cases", () => {
  it("writes the shortest form of RFC 5952: the first longest zero run, never a lone zero", () => {
    expect(addressKey("2001:db8:0:0:1:0:0:1", 128)).toBe("2001:db8::1:0:0:1/128");
    expect(addressKey("2001:db8:0:1:0:0:0:1", 128)).toBe("2001:db8:0:1::1/128");
    expect(addressKey("2001:db8:0:1:1:1:1:1", 128)).toBe("2001:db8:0:1:1:1:1:1/128");
    expect(addressKey("2001:db8:1:2:3:4:5:6", 128)).toBe("2001:db8:1:2:3:4:5:6/128");
    expect(addressKey("2001:db8:1:2::5:6:7", 64)).toBe("2001:db8:1:2::/64");
    expect(addressKey("::1", 64)).toBe("::/64");
  });

  it("maps only ::ffff:0:0/96 to IPv4", () => {
    expect(addressKey("2001:db8::ffff:1:2", 64)).toBe("2001:db8::/64");
    expect(addressKey("::1:ffff:102:304", 128)).toBe("::1:ffff:102:304/128");
    expect(addressKey("::ffff:255.255.255.255", 64)).toBe("255.255.255.255");
  });

  it("keeps what is not an address as it is", () => {
    for (const text of [
      "::ffff:256.1.1.1",
      "::ffff:1.2.3.999",
      "::ffff:1.2.3",
      "::ffff:1e2.0.0.1",
      "::ffff:1.2.3.0x4",
      "2001:db8::12345",
      "2001:db8::1g",
      "1:2:3:4::5:6:7:8",
      "1:2:3:4:5:6:7",
    ]) {
      expect(addressKey(text, 64), text).toBe(text);
    }
  });
});

describe("the document of a rate-limited operation", () => {
  it("describes the RateLimit fields, Retry-After and the quota-exceeded 429", () => {
    const { successHeaders, responses, problemTypes } = rateLimitDocument;
    expect(Object.keys(successHeaders ?? {})).toEqual(["RateLimit", "RateLimit-Policy"]);
    expect(successHeaders?.RateLimit?.description).toMatch(/;r=.*;t=/);
    expect(successHeaders?.["RateLimit-Policy"]?.description).toMatch(/;q=.*;w=/);
    for (const header of Object.values(successHeaders ?? {}))
      expect(header.schema).toEqual({ type: "string" });
    const [tooMany] = responses ?? [];
    expect(tooMany?.status).toBe(429);
    expect(tooMany?.description).toMatch(/^Too Many Requests/);
    expect(tooMany?.headers?.["Retry-After"]).toEqual({
      description: expect.stringMatching(/Seconds/),
      schema: { type: "integer", minimum: 0 },
    });
    expect(problemTypes).toEqual([quotaExceededType]);
    expect(quotaExceededType).toBe(
      "https://iana.org/assignments/http-problem-types#quota-exceeded",
    );
  });
});
