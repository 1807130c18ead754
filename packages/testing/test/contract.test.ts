import { writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Server } from "bun";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createExampleApp, type ExampleApp } from "./support/example.js";
import { type PrismProxy, startPrism, type Violation, violationsOf } from "./support/prism.js";
import { tempFolder } from "./support/temp-folder.js";

type Json = Record<string, any>;

interface Exchange {
  readonly operation: string; // "POST /users/{id}"
  readonly status: number;
  readonly violations: Violation[];
  readonly invalidRequest: boolean;
}

const folder = tempFolder("trellis-contract-");
let app: ExampleApp;
let server: Server<undefined>;
let document: Json;
let prism: PrismProxy;
let canary: { server: Server<undefined>; prism: PrismProxy } | undefined;
const exchanges: Exchange[] = [];

beforeAll(async () => {
  // The closed-database case below logs its 500s; keep them out of the test output.
  app = createExampleApp({ databasePath: ":memory:", logger: { error: () => {} } });
  server = Bun.serve({ port: 0, hostname: "127.0.0.1", routes: app.routes, fetch: app.fetch });
  // The document as a client downloads it from the running server.
  document = (await (await fetch(`${server.url}docs/openapi.json`)).json()) as Json;
  const documentFile = join(folder.path, "openapi.json");
  writeFileSync(documentFile, JSON.stringify(document));

  // A server that breaks the contract on purpose, to show the proxy does catch violations.
  const canaryServer = Bun.serve({
    port: 0,
    hostname: "127.0.0.1",
    fetch: () => Response.json([{ id: 42, name: "No e-mail" }]),
  });
  const [proxy, canaryProxy] = await Promise.all([
    startPrism(documentFile, `http://127.0.0.1:${server.port}`),
    startPrism(documentFile, `http://127.0.0.1:${canaryServer.port}`),
  ]);
  prism = proxy;
  canary = { server: canaryServer, prism: canaryProxy };
}, 120_000);

afterAll(async () => {
  await Promise.all([prism?.stop(), canary?.prism.stop()]);
  await Promise.all([server?.stop(true), canary?.server.stop(true)]);
  await app?.close();
  folder.remove();
});

/** Sends one request through Prism and records what came back. */
async function send(
  operation: string,
  path: string,
  init: RequestInit & { json?: unknown } = {},
  invalidRequest = false,
): Promise<Response> {
  const { json, ...rest } = init;
  const [method] = operation.split(" ");
  const response = await fetch(`${prism.url}${path}`, {
    method,
    ...rest,
    ...(json === undefined
      ? {}
      : { headers: { "content-type": "application/json" }, body: JSON.stringify(json) }),
  });
  await response.arrayBuffer(); // the whole body went through Prism's validation
  exchanges.push({
    operation,
    status: response.status,
    violations: violationsOf(response),
    invalidRequest,
  });
  return response;
}

const documentedOperations = (): string[] =>
  Object.entries(document.paths as Json).flatMap(([path, item]) =>
    Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`),
  );

// Prism reads a whole response before it validates it, and an event stream never ends: such
// routes are left to the example's own end-to-end tests.
const isEventStream = (operation: string): boolean => {
  const [method, path] = operation.split(" ") as [string, string];
  const responses = document.paths[path][method.toLowerCase()].responses as Json;
  return Object.values(responses).some((response) =>
    Object.hasOwn((response as Json).content ?? {}, "text/event-stream"),
  );
};

const documentedStatuses = (operation: string): string[] => {
  const [method, path] = operation.split(" ") as [string, string];
  return Object.keys(document.paths[path][method.toLowerCase()].responses);
};

describe("the example's traffic through the Prism validation proxy", () => {
  it("catches a response that breaks the document (the check is not vacuous)", async () => {
    const response = await fetch(`${canary!.prism.url}/users`);
    await response.arrayBuffer();
    const violations = violationsOf(response);
    expect(violations.length).toBeGreaterThan(0);
    expect(violations.every((violation) => violation.location[0] === "response")).toBe(true);
  });

  it("sends every operation's success and documented error cases", async () => {
    // Success cases.
    expect((await send("GET /users", "/users")).status).toBe(200);
    const created = await send("POST /users", "/users", {
      json: { name: "Ada", email: "ada@example.com" },
    });
    expect(created.status).toBe(201);
    const ada = (await (await fetch(`${server.url}users`)).json()) as { id: string }[];
    expect((await send("GET /users/{id}", `/users/${ada[0]!.id}`)).status).toBe(200);
    expect((await send("GET /users", "/users")).status).toBe(200);
    const bulk = await send("POST /users/bulk", "/users/bulk", {
      json: {
        users: [
          { name: "Alan", email: "alan@example.com" },
          { name: "Grace", email: "grace@example.com" },
        ],
      },
    });
    expect(bulk.status).toBe(201);
    const avatar = () => {
      const form = new FormData();
      form.set(
        "avatar",
        // A PNG signature: uploads are checked by their first bytes.
        new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])], "a.png", {
          type: "image/png",
        }),
      );
      return form;
    };
    const avatarPath = `/users/${ada[0]!.id}/avatar`;
    // Prism forwards a multipart body re-encoded as UTF-8 text, which breaks every byte above
    // 0x7F: the PNG signature no longer matches the declared type, and the upload through it is
    // refused (400, documented). The avatar read back below is uploaded to the server directly.
    expect((await send("PUT /users/{id}/avatar", avatarPath, { body: avatar() })).status).toBe(400);
    const direct = await fetch(`${server.url}users/${ada[0]!.id}/avatar`, {
      method: "PUT",
      body: avatar(),
    });
    expect(direct.status).toBe(204);
    expect((await send("GET /users/{id}/avatar", avatarPath)).status).toBe(200);
    // Conditional requests: the ETag read, a 304 while it is current, a rename with If-Match.
    const userPath = `/users/${ada[0]!.id}`;
    const etag = (await send("GET /users/{id}", userPath)).headers.get("etag") as string;
    const notModified = await send("GET /users/{id}", userPath, {
      headers: { "if-none-match": etag },
    });
    expect(notModified.status).toBe(304);
    const renameTo = (name: string, headers: Record<string, string>) => ({
      method: "PATCH",
      headers: { "content-type": "application/json", ...headers },
      body: JSON.stringify({ name }),
    });
    const renamed = await send(
      "PATCH /users/{id}",
      userPath,
      renameTo("Ada King", { "if-match": etag }),
    );
    expect(renamed.status).toBe(200);
    expect((await send("GET /users/export", "/users/export")).status).toBe(200);
    const asJson = { headers: { accept: "application/json" } };
    expect((await send("GET /users/export", "/users/export", asJson)).status).toBe(200);
    expect((await send("GET /health/live", "/health/live")).status).toBe(200);
    expect((await send("GET /health/ready", "/health/ready")).status).toBe(200);

    // Documented errors the server answers to requests that are well-formed for the document.
    expect((await send("GET /users/{id}", `/users/${crypto.randomUUID()}`)).status).toBe(404);
    // A stale ETag (the one before the rename) and a rename of nobody.
    expect(
      (await send("PATCH /users/{id}", userPath, renameTo("Lost", { "if-match": etag }))).status,
    ).toBe(412);
    const renameNobody = renameTo("Nobody", { "if-match": "*" });
    expect(
      (await send("PATCH /users/{id}", `/users/${crypto.randomUUID()}`, renameNobody)).status,
    ).toBe(404);
    // Without the required If-Match: Prism agrees the request breaks the document.
    expect((await send("PATCH /users/{id}", userPath, renameTo("Lost", {}), true)).status).toBe(
      428,
    );
    const nobody = `/users/${crypto.randomUUID()}/avatar`;
    expect((await send("GET /users/{id}/avatar", nobody)).status).toBe(404);
    // Straight to the server: Prism re-encodes multipart bodies as UTF-8, which breaks the image
    // (that exchange is the 400 above).
    const nobodyUpload = await fetch(`${server.url}${nobody.slice(1)}`, {
      method: "PUT",
      body: avatar(),
    });
    expect(nobodyUpload.status).toBe(404);
    expect(
      (await send("POST /users", "/users", { json: { name: "Ada", email: "ADA@example.com" } }))
        .status,
    ).toBe(409);
    expect(
      (
        await send("POST /users/bulk", "/users/bulk", {
          json: {
            users: [
              { name: "Twin", email: "twin@example.com" },
              { name: "Twin", email: "twin@example.com" },
            ],
          },
        })
      ).status,
    ).toBe(409);

    // Requests that break the document on purpose: Prism must agree they are invalid.
    for (const [operation, path] of [
      ["POST /users", "/users"],
      ["POST /users/bulk", "/users/bulk"],
    ] as const) {
      const invalid =
        operation === "POST /users" ? { email: "no-name@example.com" } : { users: [] };
      expect((await send(operation, path, { json: invalid }, true)).status).toBe(400);
      const plain = { headers: { "content-type": "text/plain" }, body: "{}" };
      expect((await send(operation, path, plain, true)).status).toBe(415);
      // Valid for the document (it states no size), over the server's 1 MiB body limit.
      const user = { name: "x".repeat(1024 * 1024), email: "big@example.com" };
      const huge = JSON.stringify(operation === "POST /users" ? user : { users: [user] });
      const tooLarge = { headers: { "content-type": "application/json" }, body: huge };
      expect((await send(operation, path, tooLarge)).status).toBe(413);
    }
    expect(
      (await send("POST /users", "/users", { json: { name: "X", email: "not-an-email" } }, true))
        .status,
    ).toBe(400);

    // Last, with the database gone: readiness answers 503 and data routes 500, both documented.
    await app.close();
    expect((await send("GET /health/ready", "/health/ready")).status).toBe(503);
    expect((await send("GET /users", "/users")).status).toBe(500);
  });

  it("found no violation in any response, and none in the requests meant to be valid", () => {
    expect(exchanges.length).toBeGreaterThan(0);
    for (const exchange of exchanges) {
      const responseViolations = exchange.violations.filter((v) => v.location[0] === "response");
      expect({ ...exchange, violations: responseViolations }).toEqual({
        ...exchange,
        violations: [],
      });
      if (exchange.invalidRequest) {
        // Prism's own request validation agrees with the server's 400/413/415.
        expect(exchange.violations.length, exchange.operation).toBeGreaterThan(0);
      } else {
        expect(exchange.violations, `${exchange.operation} ${exchange.status}`).toEqual([]);
      }
    }
  });

  it("sent at least one request per documented operation, each answered with a documented status", () => {
    // GET /me needs a credential this traffic does not carry: apps/example/test/me-auth.test.ts
    // covers it with both schemes.
    const operations = documentedOperations().filter(
      (operation) => !isEventStream(operation) && operation !== "GET /me",
    );
    expect(documentedOperations()).toContain("GET /me");
    expect(operations).toHaveLength(10);
    for (const operation of operations) {
      const sent = exchanges.filter((exchange) => exchange.operation === operation);
      expect(sent.length, operation).toBeGreaterThan(0);
      for (const { status } of sent) {
        expect(documentedStatuses(operation), operation).toContain(String(status));
      }
    }
  });
});
