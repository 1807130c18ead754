import { describe, expect, it } from "vitest";
import { clientAddressOf } from "./client-address.js";
import { memoryRateLimitStore } from "./memory-rate-limit-store.js";
import { limitField, policyField } from "./rate-limit-fields.js";

const request = (headers: Record<string, string>) => new Request("http://test.local/", { headers });

describe("clientAddressOf", () => {
  it("takes the entry `hops` places from the end of X-Forwarded-For", () => {
    const one = clientAddressOf({ header: "X-Forwarded-For" });
    const two = clientAddressOf({ header: "x-forwarded-for", hops: 2 });
    const chain = request({ "x-forwarded-for": "1.1.1.1, 10.0.0.1 , 10.0.0.2" });
    expect(one(chain)).toBe("10.0.0.2");
    expect(two(chain)).toBe("10.0.0.1");
  });

  it("reads the for= values of Forwarded, quoted, bracketed or with a port", () => {
    const address = clientAddressOf({ header: "forwarded" });
    expect(address(request({ forwarded: "for=192.0.2.60;proto=http;by=203.0.113.43" }))).toBe(
      "192.0.2.60",
    );
    expect(address(request({ forwarded: 'for=unknown, for="[2001:db8:cafe::17]:4711"' }))).toBe(
      "2001:db8:cafe::17",
    );
    expect(address(request({ forwarded: "for=198.51.100.17:8080" }))).toBe("198.51.100.17");
  });

  it("falls back to the connection (none in-process) when the header is missing or too short", () => {
    const two = clientAddressOf({ header: "x-forwarded-for", hops: 2 });
    expect(two(request({ "x-forwarded-for": "10.0.0.2" }))).toBeUndefined();
    expect(two(request({}))).toBeUndefined();
    expect(clientAddressOf(undefined)(request({ "x-forwarded-for": "6.6.6.6" }))).toBeUndefined();
  });
});

describe("RateLimit fields", () => {
  it("are structured-field items with a String name and Integer parameters", () => {
    expect(policyField("default", 100, 60)).toBe('"default";q=100;w=60');
    expect(limitField('say "hi" \\', 3, 12)).toBe('"say \\"hi\\" \\\\";r=3;t=12');
  });
});

describe("memoryRateLimitStore", () => {
  it("counts in fixed windows and sweeps ended ones", () => {
    let now = 0;
    const store = memoryRateLimitStore({ now: () => now });
    expect(store.hit("a", 1000)).toEqual({ count: 1, resetMs: 1000 });
    now = 400;
    expect(store.hit("a", 1000)).toEqual({ count: 2, resetMs: 600 });
    now = 1000;
    expect(store.hit("a", 1000)).toEqual({ count: 1, resetMs: 1000 });
    for (let index = 0; index < 100; index++) store.hit(`k${index}`, 10);
    now = 5000;
    // The sweep ran: a swept key starts again at 1.
    expect(store.hit("k1", 10)).toEqual({ count: 1, resetMs: 10 });
  });
});
