import { connect } from "node:net";
import { schema } from "@trellis/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Controller } from "../controller/controller.js";
import { Body, Param, Query } from "../decorators/bindings.js";
import { BodyLimit } from "../decorators/body-limit.js";
import { Route } from "../decorators/route.js";
import { Delete, Get, Post } from "../decorators/verbs.js";
import { testApp } from "../test-helpers/test-app.js";

const CreateUser = schema(
  { type: "object", properties: { name: { type: "string", minLength: 1 } }, required: ["name"] },
  "CreateUser",
);

@Route("/users")
class UserController extends Controller {
  private readonly users = new Map([["1", { id: "1", name: "Ada" }]]);

  @Get()
  list(@Query("limit") limit: number) {
    return [...this.users.values()].slice(0, limit ?? 10);
  }

  @Get("/me")
  me() {
    return { id: "me" };
  }

  @Get("/:id")
  get(@Param("id") id: string) {
    return { id };
  }

  // Another parameter name at the same position: one route-map entry serves both methods.
  @Delete("/:userId")
  remove(@Param("userId") userId: string) {
    this.setHeader("x-removed", userId);
  }

  @Post()
  @BodyLimit(64)
  create(@Body(CreateUser) input: { name: string }) {
    this.setStatus(201);
    return { id: "2", ...input };
  }
}

@Route("/")
class RootController extends Controller {
  @Get()
  home() {
    return "home";
  }
}

type Server = ReturnType<typeof Bun.serve>;
const app = testApp([UserController, RootController]);
let full: Server; // routes + fetch
let fetchOnly: Server;
let routesOnly: Server;

beforeAll(() => {
  full = Bun.serve({ port: 0, routes: app.routes, fetch: app.fetch });
  fetchOnly = Bun.serve({ port: 0, fetch: app.fetch });
  routesOnly = Bun.serve({ port: 0, routes: app.routes });
});

afterAll(() => {
  for (const server of [full, fetchOnly, routesOnly]) server.stop(true);
});

/** Sends a raw HTTP/1.1 request, so the path reaches the server exactly as written. */
function raw(
  server: Server,
  method: string,
  path: string,
  extra = "",
  body = "",
): Promise<{ status: number; headers: string; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(server.port as number, "127.0.0.1", () => {
      socket.write(
        `${method} ${path} HTTP/1.1\r\nHost: test\r\nConnection: close\r\n${extra}\r\n${body}`,
      );
    });
    let data = "";
    socket.on("data", (chunk) => {
      data += chunk;
    });
    socket.on("error", reject);
    socket.on("end", () => {
      const [head = "", ...rest] = data.split("\r\n\r\n");
      resolve({
        status: Number(head.split(" ")[1]),
        headers: head.toLowerCase(),
        body: rest.join("\r\n\r\n"),
      });
    });
  });
}

describe("under a real Bun.serve", () => {
  it("serves routes from the route map with JSON bodies", async () => {
    const base = `http://127.0.0.1:${full.port}`;
    const list = await fetch(`${base}/users?limit=1`);
    expect(list.status).toBe(200);
    expect(await list.json()).toEqual([{ id: "1", name: "Ada" }]);
    const created = await fetch(`${base}/users`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ name: "Grace", admin: true }),
    });
    expect(created.status).toBe(201);
    expect(await created.json()).toEqual({ id: "2", name: "Grace" });
    const invalid = await fetch(`${base}/users`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{}",
    });
    expect(invalid.status).toBe(400);
    expect(await invalid.json()).toMatchObject({ errors: [{ in: "body", path: "/name" }] });
  });

  it("gives the route map and fetch alone the same answers", async () => {
    const cases: [string, string][] = [
      ["GET", "/users/a%20b"],
      ["GET", "/users/a%2Fb"],
      ["GET", "/users/%E2%82%AC"],
      ["GET", "/users/%EF%BF%BD"],
      ["GET", "/users/%C0%AF"],
      ["GET", "/users/a%2"],
      ["GET", "/users/%2e"],
      ["DELETE", "/users/a%20b"],
      ["GET", "/users/%ZZ"],
      ["GET", "/users/a%00b"],
      ["GET", "/users/me"],
      ["DELETE", "/users/me"],
      ["GET", "/users/"],
      ["GET", "//users"],
      ["GET", "/users//1"],
      ["GET", "/users/1/"],
      ["GET", "/users/%2e%2e"],
      ["GET", "/"],
      ["GET", "//"],
      ["PUT", "/users/1"],
      ["PROPFIND", "/users"],
      ["OPTIONS", "/users/1"],
      ["GET", "/nope"],
      ["GET", "/users?limit=0x1"],
    ];
    // Each problem body carries its own request's id: compared without it.
    const withoutId = (body: string) =>
      body.startsWith("{") ? body.replace(/,"requestId":"[^"]*"/, "") : body;
    for (const [method, path] of cases) {
      const [viaRoutes, viaFetch] = await Promise.all([
        raw(full, method, path),
        raw(fetchOnly, method, path),
      ]);
      expect(viaRoutes.status, `${method} ${path}`).toBe(viaFetch.status);
      expect(withoutId(viaRoutes.body), `${method} ${path}`).toBe(withoutId(viaFetch.body));
    }
    expect(JSON.parse((await raw(full, "GET", "/users/a%2Fb")).body)).toEqual({ id: "a/b" });
    expect((await raw(full, "GET", "/users/%ZZ")).status).toBe(400);
    expect((await raw(full, "GET", "/users/")).status).toBe(404);
    expect((await raw(full, "GET", "//users")).status).toBe(404);
    expect(JSON.parse((await raw(full, "GET", "/users/%EF%BF%BD")).body)).toEqual({ id: "\uFFFD" });
    const removed = await raw(full, "DELETE", "/users/a%20b");
    expect(removed.status).toBe(204);
    expect(removed.headers).toContain("x-removed: a b");
  });

  it("answers 405, OPTIONS and HEAD", async () => {
    const notAllowed = await raw(full, "PUT", "/users/1");
    expect(notAllowed.status).toBe(405);
    expect(notAllowed.headers).toContain("allow: get, head, delete, options");
    const options = await raw(full, "OPTIONS", "/users");
    expect(options.status).toBe(204);
    expect(options.headers).toContain("allow: get, head, post, options");
    const head = await raw(full, "HEAD", "/users/1");
    expect(head.status).toBe(200);
    expect(head.body).toBe("");
  });

  it("answers 405 and OPTIONS from the route map alone", async () => {
    expect((await raw(routesOnly, "PUT", "/users/1")).status).toBe(405);
    expect((await raw(routesOnly, "OPTIONS", "/users/1")).status).toBe(204);
    expect((await raw(routesOnly, "GET", "/users/7")).status).toBe(200);
  });

  it("refuses bodies over the limit by Content-Length and while streaming chunks", async () => {
    const declared = await raw(
      full,
      "POST",
      "/users",
      "Content-Type: application/json\r\nContent-Length: 1000\r\n",
    );
    expect(declared.status).toBe(413);
    const base = `http://127.0.0.1:${full.port}`;
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        sent++;
        if (sent > 200) return controller.close();
        controller.enqueue(new TextEncoder().encode(`{"name":"${"x".repeat(40)}"}`));
        await Bun.sleep(1);
      },
    });
    const chunked = await fetch(`${base}/users`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body,
      duplex: "half",
    } as RequestInit);
    expect(chunked.status).toBe(413);
    expect(await chunked.json()).toMatchObject({ status: 413, title: "Content Too Large" });
  });

  it("refuses targets that only match a route once normalized (backslashes, dot segments)", async () => {
    for (const server of [full, routesOnly]) {
      for (const path of [
        "/users\\1",
        "/users\\me",
        "/nope\\..\\users",
        "/x/../users",
        "/users/./me",
      ]) {
        const answer = await raw(server, "GET", path);
        expect(answer.status, path).toBe(400);
        expect(answer.headers, path).toContain("content-type: application/problem+json");
        expect(JSON.parse(answer.body).detail, path).toContain("not in normal form");
      }
      // A target that matches nothing, normalized or not, is still a 404; other methods a 405.
      expect((await raw(server, "GET", "/nope\\x")).status).toBe(404);
      expect((await raw(server, "PROPFIND", "/users")).status).toBe(405);
      expect((await raw(server, "GET", "/users/1")).status).toBe(200);
    }
  });

  it("never lets a throw reach Bun (no HTML error page)", async () => {
    @Route("/boom")
    class Boom extends Controller {
      @Get()
      boom() {
        throw new Error("at /secret/file.ts:1");
      }
    }
    const boomApp = testApp([Boom]);
    const server = Bun.serve({ port: 0, routes: boomApp.routes, fetch: boomApp.fetch });
    try {
      const response = await raw(server, "GET", "/boom");
      expect(response.status).toBe(500);
      expect(response.headers).toContain("content-type: application/problem+json");
      expect(response.body).not.toContain("secret");
    } finally {
      server.stop(true);
    }
  });
});
