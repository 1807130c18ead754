import { describe, expect, it } from "vitest";
import {
  clientAddressOf,
  inheritConnection,
  rememberServers,
  socketAddress,
} from "./client-address.js";

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

describe("clientAddressOf, with the connection's address known", () => {
  // A router whose fetch saw a server: the connection's address is 10.9.8.7 for every request.
  const server = { requestIP: () => ({ address: "10.9.8.7" }) };
  const through = (address: (request: Request) => string | undefined) => {
    const router = rememberServers({
      routes: {},
      fetch: (request) => new Response(address(request) ?? "none"),
    });
    return async (headers: Record<string, string>) =>
      (await router.fetch(request(headers), server as never)).text();
  };

  it("answers the connection's address without a trusted header, and when the header gives none", async () => {
    expect(await through(socketAddress)({})).toBe("10.9.8.7");
    const two = through(clientAddressOf({ header: "x-forwarded-for", hops: 2 }));
    expect(await two({ "x-forwarded-for": "10.0.0.2" })).toBe("10.9.8.7");
    expect(await two({ "x-forwarded-for": ", 10.0.0.2" })).toBe("10.9.8.7"); // an empty entry
    const forwarded = through(clientAddressOf({ header: "forwarded", hops: 2 }));
    expect(await forwarded({ forwarded: "for=192.0.2.1" })).toBe("10.9.8.7"); // one entry, two hops
    expect(await through(clientAddressOf({ header: "forwarded" }))({})).toBe("10.9.8.7");
  });

  it("skips Forwarded elements without for=, and keeps an unbracketed IPv6 address whole", async () => {
    const forwarded = through(clientAddressOf({ header: "forwarded", hops: 2 }));
    expect(await forwarded({ forwarded: "for=192.0.2.1, proto=https, for=192.0.2.2" })).toBe(
      "192.0.2.1",
    );
    const one = clientAddressOf({ header: "forwarded" });
    expect(one(request({ forwarded: "for=2001:db8::8a2e:370" }))).toBe("2001:db8::8a2e:370");
    expect(one(request({ forwarded: "by=203.0.113.43" }))).toBeUndefined();
  });

  it("lets a request made on behalf of another arrive on that one's connection", async () => {
    const derived = new Request("http://test.local/inner");
    const router = rememberServers({
      routes: {},
      fetch: (origin) => {
        inheritConnection(derived, origin);
        return new Response(socketAddress(derived) ?? "none");
      },
    });
    expect(await (await router.fetch(request({}), server as never)).text()).toBe("10.9.8.7");
    const orphan = new Request("http://test.local/orphan");
    inheritConnection(orphan, request({})); // an origin without a server gives none
    expect(socketAddress(orphan)).toBeUndefined();
  });
});
