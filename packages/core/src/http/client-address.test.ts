import { describe, expect, it } from "vitest";
import { clientAddressOf } from "./client-address.js";

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
