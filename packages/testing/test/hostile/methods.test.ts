// HEAD, OPTIONS, unknown methods and unknown method tokens, over a raw socket to Bun.serve.
import { describe, expect, it } from "vitest";
import { expectNothingLogged, type Sent } from "./support/expect-nothing-logged.js";
import { expectProblem, expectRawProblem } from "./support/problem.js";
import { rawExchange, requestHead, withFollowUp } from "./support/raw-http.js";
import { serveTargets } from "./support/served-targets.js";
import { targets } from "./support/targets.js";

const served = serveTargets();
const allow = {
  "/users": "GET, HEAD, POST, OPTIONS",
  "/users/some-id": "GET, HEAD, OPTIONS",
  // GET too: /users/bulk is also /users/:id with the id "bulk".
  "/users/bulk": "GET, HEAD, POST, OPTIONS",
} as const;
const paths = Object.keys(allow) as (keyof typeof allow)[];
type Path = (typeof paths)[number];

/** The example also renames a user (PATCH /users/{id}, with If-Match); the variants do not. */
function allowOf(target: (typeof targets)[number], path: Path): string {
  const renames = target.label.startsWith("the example") && path !== "/users";
  return renames ? allow[path].replace(", OPTIONS", ", PATCH, OPTIONS") : allow[path];
}

// Methods Bun's HTTP parser knows (RFC 9110, WebDAV and friends) reach the app.
const knownButUnserved = [
  "PUT",
  "PATCH",
  "DELETE",
  "TRACE",
  "CONNECT",
  "PROPFIND",
  "MKCOL",
  "PURGE",
  "QUERY",
  "LOCK",
  "M-SEARCH",
];
// Tokens Bun's parser does not know: it closes the connection before any JavaScript runs.
const unknownTokens = ["FOO", "BREW", "get", "Get", "X-CUSTOM", "DESCRIBE"];

describe.each(targets)("methods: $label", (target) => {
  const port = () => served[target.adapter]?.users.port as number;
  const send = (method: string, path: string) =>
    rawExchange(port(), requestHead(method, path, { connection: "close" }), { until: "close" });

  it("answers HEAD like GET, without a body", async () => {
    const get = await send("GET", "/users");
    const head = await send("HEAD", "/users");
    expect(head.response?.status).toBe(200);
    expect(head.response?.headers["content-type"]).toBe(get.response?.headers["content-type"]);
    expect(head.received.split("\r\n\r\n")[1]).toBe("");
    expect(head.closedByServer).toBe(true);
  });

  it("answers HEAD of an unknown user with 404 and no body", async () => {
    const head = await send("HEAD", "/users/nobody");
    expect(head.response?.status).toBe(404);
    expect(head.response?.headers["content-type"]).toMatch(/^application\/problem\+json/);
    expect(head.received.split("\r\n\r\n")[1]).toBe("");
  });

  it.each(paths)("answers OPTIONS %s with 204 and Allow", async (path) => {
    const { response } = await send("OPTIONS", path);
    expect(response?.status).toBe(204);
    expect(response?.headers.allow).toBe(allowOf(target, path));
    expect(response?.body).toBe("");
  });

  it("answers OPTIONS and HEAD of a path no route serves with 404", async () => {
    expectRawProblem((await send("OPTIONS", "/nowhere")).response, 404);
    const head = await send("HEAD", "/nowhere");
    expect(head.response?.status).toBe(404);
  });

  it('answers HEAD /users/bulk like GET /users/:id with the id "bulk" (404)', async () => {
    const head = await send("HEAD", "/users/bulk");
    expect(head.response?.status).toBe(404);
    expect(head.received.split("\r\n\r\n")[1]).toBe("");
  });

  it.each(knownButUnserved)(
    "answers %s with 405 problem+json and Allow on every path",
    async (method) => {
      for (const path of paths) {
        if (allowOf(target, path).split(", ").includes(method)) continue; // served there
        const { response, closedByServer } = await send(method, path);
        const problem = expectRawProblem(response, 405);
        expect(problem.title).toBe("Method Not Allowed");
        expect(response?.headers.allow).toBe(allowOf(target, path));
        expect(closedByServer).toBe(true); // we asked for Connection: close; nothing was dropped early
      }
    },
  );

  it.each(knownButUnserved)("answers %s on a path no route serves with 404", async (method) => {
    expectRawProblem((await send(method, "/nowhere")).response, 404);
  });

  it.each(unknownTokens)(
    "unknown method token %j: Bun closes the connection without a response (our code never runs)",
    async (method) => {
      // A valid request follows on the same connection: never answered, as Bun stops reading.
      const exchange = await rawExchange(port(), withFollowUp(requestHead(method, "/users")), {
        until: "close",
      });
      expect(exchange.received).toBe("");
      expect(exchange.closedByServer).toBe(true);
      // The server is unharmed.
      expect((await send("GET", "/users")).response?.status).toBe(200);
    },
  );

  it("answers unknown method tokens with 405 and Allow when a runtime does hand them over (app.fetch)", async () => {
    // Bun's own Request constructor turns unknown tokens into GET, so a runtime that passes them
    // on is modelled by a request-shaped object.
    expect(new Request("http://localhost/users", { method: "FOO" }).method).toBe("GET");
    const app = target.createUsersApp({ logger: served[target.adapter]?.logger ?? { error() {} } });
    try {
      for (const method of ["FOO", "BREW", "PROPFIND"]) {
        const request = new Request("http://localhost/users");
        const response = await app.fetch(
          new Proxy(request, {
            get: (target, key) => (key === "method" ? method : Reflect.get(target, key, target)),
          }),
        );
        await expectProblem(response, 405);
        expect(response.headers.get("allow")).toBe(allow["/users"]);
      }
    } finally {
      await app.close();
    }
  });

  it("logged nothing", async () => {
    const status = (method: string, path: string) => async () =>
      (await send(method, path)).response?.status;
    await expectNothingLogged(served[target.adapter]?.logger, [
      [200, status("HEAD", "/users")],
      [404, status("HEAD", "/users/nobody")],
      ...paths.map((path): Sent => [204, status("OPTIONS", path)]),
      ...knownButUnserved.map((method): Sent => [405, status(method, "/users")]),
      ...knownButUnserved.map((method): Sent => [404, status(method, "/nowhere")]),
    ]);
  });
});
