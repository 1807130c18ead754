// Long URLs and headers, broken framing and odd Host headers: always an answer, never a silent drop.
import { describe, expect, it } from "vitest";
import { expectNothingLogged, type Sent } from "./support/expect-nothing-logged.js";
import { expectRawProblem } from "./support/problem.js";
import { rawExchange, requestHead, responsesIn, withFollowUp } from "./support/raw-http.js";
import { serveTargets } from "./support/served-targets.js";
import { targets } from "./support/targets.js";

const served = serveTargets();
// Bun (1.4.5) caps the request line plus headers at 16 KiB and about 200 header fields.
const bunHeadLimit = 16 * 1024;
// Heads without a usable Host header: Bun then gives request.url without an origin.
const withoutHost = [
  ["HTTP/1.0 without Host", "HTTP/1.0", {}],
  ["Host with a slash", "HTTP/1.1", { host: "a/b" }],
  ["an empty Host", "HTTP/1.1", { host: "" }],
  ["Host with a space", "HTTP/1.1", { host: "a b" }],
] as const;
const manyKeys = Array.from({ length: 1_500 }, (_, index) => `k${index}=${index}`).join("&");

describe.each(targets)("request heads: $label", (target) => {
  const ports = () => {
    const entry = served[target.adapter];
    return { users: entry?.users.port as number, probe: entry?.probe.port as number };
  };

  it("serves URLs and headers up to Bun's 16 KiB head limit", async () => {
    const id = "a".repeat(bunHeadLimit - 200);
    expectRawProblem(
      (await rawExchange(ports().users, requestHead("GET", `/users/${id}`))).response,
      404,
    );
    const header = await rawExchange(
      ports().users,
      requestHead("GET", "/users", { "x-big": "b".repeat(bunHeadLimit - 200) }),
    );
    expect(header.response?.status).toBe(200);
    const fields: Record<string, string> = {};
    for (let index = 0; index < 100; index++) fields[`x-field-${index}`] = "v";
    expect(
      (await rawExchange(ports().users, requestHead("GET", "/users", fields))).response?.status,
    ).toBe(200);
  });

  it.each([
    ["a URL over 16 KiB", () => requestHead("GET", `/users/${"a".repeat(bunHeadLimit)}`)],
    ["a 1 MB URL", () => requestHead("GET", `/users?q=${"a".repeat(1_000_000)}`)],
    [
      "a header over 16 KiB",
      () => requestHead("GET", "/users", { "x-big": "b".repeat(bunHeadLimit) }),
    ],
    [
      "1,000 header fields",
      () =>
        requestHead(
          "GET",
          "/users",
          Object.fromEntries(Array.from({ length: 1_000 }, (_, i) => [`x-f${i}`, "v"])),
        ),
    ],
  ])("%s: Bun answers 431 and closes (before our code runs)", async (_, head) => {
    const exchange = await rawExchange(ports().users, withFollowUp(head()), { until: "close" });
    expect(exchange.response?.status).toBe(431);
    expect(exchange.response?.headers.connection).toBe("close");
    expect(exchange.closedByServer).toBe(true);
    expect(responsesIn(exchange.received)).toBe(1); // the request after it was never read
  });

  // How the work grows with the keys is counted where it is done: by the adapters' input-size tests
  // on a query-like record (formRecord); bench/input-size.ts times the whole request.
  it("parses a query string with thousands of keys, and answers as without them", async () => {
    const exchange = await rawExchange(ports().users, requestHead("GET", `/users?${manyKeys}`));
    expect(exchange.response?.status).toBe(200);
    const plain = await rawExchange(ports().users, requestHead("GET", "/users"));
    expect(exchange.response?.body).toBe(plain.response?.body);
  });

  it.each([
    [
      "Content-Length with Transfer-Encoding",
      "POST /users HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 4\r\nTransfer-Encoding: chunked\r\n\r\n2\r\n{}\r\n0\r\n\r\n",
      400,
    ],
    [
      "two different Content-Lengths",
      "POST /users HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\nContent-Length: 3\r\n\r\n{}",
      400,
    ],
    [
      "a negative Content-Length",
      "POST /users HTTP/1.1\r\nHost: x\r\nContent-Length: -1\r\n\r\n{}",
      400,
    ],
    [
      "a Content-Length that is not a number",
      "POST /users HTTP/1.1\r\nHost: x\r\nContent-Length: 2x\r\n\r\n{}",
      400,
    ],
    [
      "a transfer coding other than chunked",
      "POST /users HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: gzip\r\n\r\n{}",
      400,
    ],
    [
      "a malformed chunk size",
      "POST /users HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n{}\r\n0\r\n\r\n",
      400,
    ],
    [
      "a folded header line (obs-fold)",
      "GET /users HTTP/1.1\r\nHost: x\r\nX-A: a\r\n b\r\n\r\n",
      400,
    ],
    ["a NUL in a header value", "GET /users HTTP/1.1\r\nHost: x\r\nX-A: a\0b\r\n\r\n", 400],
    ["a header line without a colon", "GET /users HTTP/1.1\r\nHost: x\r\nBroken\r\n\r\n", 400],
    ["HTTP/1.1 without Host", "GET /users HTTP/1.1\r\n\r\n", 400],
    ["a request target without a leading slash", "GET users HTTP/1.1\r\nHost: x\r\n\r\n", 400],
    ["an HTTP/2 preface", "PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n", 400],
    ["a raw space in the target", "GET /users/a b HTTP/1.1\r\nHost: x\r\n\r\n", 505],
    ["bare LF line endings", "GET /users HTTP/1.1\nHost: x\n\n", 505],
  ])("%s: Bun refuses it itself and closes (status %i)", async (_, payload, status) => {
    const exchange = await rawExchange(ports().users, withFollowUp(payload), { until: "close" });
    expect(exchange.response?.status).toBe(status);
    expect(exchange.response?.headers.connection).toBe("close");
    expect(exchange.closedByServer).toBe(true);
    expect(responsesIn(exchange.received)).toBe(1); // the request after it was never read
  });

  describe("a missing or unusable Host header (Bun then gives request.url without an origin)", () => {
    // Requests whose answer depends on reading the path and the query string correctly.
    const requests = [
      ["probe", "GET", "/probe/numbers?n=5"],
      ["probe", "GET", "/probe/numbers/7"],
      ["users", "GET", "/users?page=0"],
      ["users", "GET", "/users?page=1&page=2"],
      ["users", "GET", "/users/%ZZ"],
      ["users", "PROPFIND", "/users"],
      ["users", "GET", "/nowhere"],
    ] as const;

    it.each(withoutHost)(
      "%s: every request is answered exactly as with a valid Host",
      async (_, version, host) => {
        for (const [app, method, target] of requests) {
          const port = ports()[app];
          const expected = await rawExchange(
            port,
            rawHead(method, target, "HTTP/1.1", { host: "127.0.0.1" }),
          );
          const actual = await rawExchange(port, rawHead(method, target, version, host));
          // Each answer carries its own request id: the rest must be the same.
          const summary = (exchange: typeof actual) =>
            `${exchange.response?.status} ${exchange.response?.body.replace(/"requestId":"[^"]*"/, "")}`;
          expect(summary(actual), `${method} ${target}`).toBe(summary(expected));
        }
      },
    );
  });

  it("logged nothing", async () => {
    const { users, probe } = ports();
    const status = (port: number, payload: string) => async () =>
      (await rawExchange(port, payload)).response?.status;
    await expectNothingLogged(served[target.adapter]?.logger, [
      [404, status(users, requestHead("GET", `/users/${"a".repeat(bunHeadLimit - 200)}`))],
      [
        200,
        status(users, requestHead("GET", "/users", { "x-big": "b".repeat(bunHeadLimit - 200) })),
      ],
      [200, status(users, requestHead("GET", `/users?${manyKeys}`))],
      ...withoutHost.flatMap(([, version, host]): Sent[] => [
        [200, status(probe, rawHead("GET", "/probe/numbers?n=5", version, host))],
        [400, status(users, rawHead("GET", "/users/%ZZ", version, host))],
        [405, status(users, rawHead("PROPFIND", "/users", version, host))],
        [404, status(users, rawHead("GET", "/nowhere", version, host))],
      ]),
    ]);
  });
});

/** A request head with an explicit HTTP version and Host header (or none). */
function rawHead(
  method: string,
  target: string,
  version: string,
  headers: Record<string, string>,
): string {
  let head = `${method} ${target} ${version}\r\n`;
  for (const [name, value] of Object.entries(headers)) head += `${name}: ${value}\r\n`;
  return `${head}Connection: close\r\n\r\n`;
}
