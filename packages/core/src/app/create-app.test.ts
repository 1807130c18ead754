import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { jsonSchemaAdapter } from "@trellis/testing";
import { describe, expect, it } from "vitest";
import { Controller } from "../controller/controller.js";
import { Param } from "../decorators/bindings.js";
import { Route } from "../decorators/route.js";
import { Delete, Get, Options, Post } from "../decorators/verbs.js";
import type { DocsPlugin } from "../docs/docs-plugin.js";
import { expectConfigError } from "../test-helpers/expect-config-error.js";
import { send, testApp } from "../test-helpers/test-app.js";
import { buildDocument } from "./build-document.js";
import { createApp } from "./create-app.js";

@Route("/users")
class UserController extends Controller {
  @Get()
  list() {
    return [{ id: "1" }];
  }

  @Get("/me")
  me() {
    return { id: "me" };
  }

  @Get("/:id")
  get(@Param("id") id: string) {
    return { id };
  }

  @Delete("/:id")
  remove(@Param("id") _id: string) {}

  @Post()
  create() {
    this.setStatus(201);
    return { id: "2" };
  }
}

@Route("/")
class RootController extends Controller {
  @Get()
  home() {
    return "home";
  }

  @Options("/custom")
  options() {
    this.setHeader("allow", "GET, CUSTOM");
  }

  @Get("/custom")
  custom() {
    return "custom";
  }
}

describe("createApp options", () => {
  it("requires a schema adapter and controllers", () => {
    expectConfigError(
      () => createApp({ controllers: [UserController] } as never),
      "MISSING_SCHEMA_ADAPTER",
      "schema",
    );
    expectConfigError(
      () => createApp({ schema: {}, controllers: [UserController] } as never),
      "MISSING_SCHEMA_ADAPTER",
    );
    expectConfigError(() => createApp(undefined as never), "MISSING_SCHEMA_ADAPTER");
    expectConfigError(
      () => createApp({ schema: jsonSchemaAdapter() } as never),
      "MISSING_CONTROLLERS",
    );
    expectConfigError(
      () => createApp({ schema: jsonSchemaAdapter(), controllers: [] }),
      "MISSING_CONTROLLERS",
    );
  });

  it("checks limits, the error formatter and the logger", () => {
    const base = { schema: jsonSchemaAdapter(), controllers: [UserController] };
    for (const body of [0, -5, 1.5, Number.NaN, "1mb"]) {
      expectConfigError(
        () => createApp({ ...base, limits: { body: body as number } }),
        "INVALID_LIMIT",
        "limits.body",
      );
    }
    expectConfigError(
      () => createApp({ ...base, errorFormatter: "x" as never }),
      "INVALID_OPTION",
      "errorFormatter",
    );
    expectConfigError(
      () => createApp({ ...base, logger: {} as never }),
      "INVALID_OPTION",
      "logger",
    );
  });

  it("returns routes, fetch and the generated document", () => {
    const app = createApp({
      schema: jsonSchemaAdapter(),
      controllers: [UserController],
      openapi: { service: { name: "users", version: "2.0.0" } },
    });
    expect(typeof app.fetch).toBe("function");
    // "/*" answers every target no route matches as written (404, 405, strict-path 400).
    expect(Object.keys(app.routes).sort()).toEqual(["/*", "/users", "/users/:id", "/users/me"]);
    expect(app.document).toMatchObject({
      openapi: "3.0.3",
      info: { title: "users", version: "2.0.0" },
    });
    expect(Object.keys(app.document.paths)).toContain("/users/{id}");
  });

  it("builds the same document without routes", () => {
    const options = { schema: jsonSchemaAdapter(), controllers: [UserController] };
    expect(buildDocument(options)).toEqual(createApp(options).document);
    expectConfigError(
      () => buildDocument({ controllers: [UserController] } as never),
      "MISSING_SCHEMA_ADAPTER",
      "buildDocument",
    );
  });

  it("writes openapi.file at startup", () => {
    const file = join(mkdtempSync(join(tmpdir(), "trellis-")), "out", "openapi.json");
    const app = createApp({
      schema: jsonSchemaAdapter(),
      controllers: [UserController],
      openapi: { file },
    });
    expect(JSON.parse(readFileSync(file, "utf8"))).toEqual(app.document);
  });
});

describe("routing through fetch alone", () => {
  const app = testApp([UserController, RootController]);

  it("serves static and parametric routes, preferring literals", async () => {
    expect(await (await send(app, "GET", "/users")).json()).toEqual([{ id: "1" }]);
    expect(await (await send(app, "GET", "/users/me")).json()).toEqual({ id: "me" });
    expect(await (await send(app, "GET", "/users/42")).json()).toEqual({ id: "42" });
    expect(await (await send(app, "GET", "/users/42?x=1")).json()).toEqual({ id: "42" });
    expect(await (await send(app, "GET", "/")).json()).toBe("home");
    const deleted = await send(app, "DELETE", "/users/me");
    expect(deleted.status).toBe(204);
  });

  it("is strict about trailing and double slashes (404)", async () => {
    for (const path of ["/users/", "//users", "/users//42", "/users/42/", "/nope", "/USERS"]) {
      const response = await send(app, "GET", path);
      expect(response.status, path).toBe(404);
      expect(await response.json()).toMatchObject({ status: 404, title: "Not Found" });
    }
  });

  it("answers 405 with Allow for a known path and another method", async () => {
    const response = await send(app, "PUT", "/users/42");
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("GET, HEAD, DELETE, OPTIONS");
    expect(response.headers.get("content-type")).toBe("application/problem+json");
    const me = await send(app, "PATCH", "/users/me");
    expect(me.headers.get("allow")).toBe("GET, HEAD, DELETE, OPTIONS");
    const unknown = await send(app, "PROPFIND", "/users");
    expect(unknown.status).toBe(405);
    expect(unknown.headers.get("allow")).toBe("GET, HEAD, POST, OPTIONS");
  });

  it("answers OPTIONS with 204 and Allow unless the app declares @Options", async () => {
    const response = await send(app, "OPTIONS", "/users");
    expect(response.status).toBe(204);
    expect(response.headers.get("allow")).toBe("GET, HEAD, POST, OPTIONS");
    expect(await response.text()).toBe("");
    const custom = await send(app, "OPTIONS", "/custom");
    expect(custom.status).toBe(204);
    expect(custom.headers.get("allow")).toBe("GET, CUSTOM");
    expect((await send(app, "OPTIONS", "/nope")).status).toBe(404);
  });

  it("answers HEAD from the GET handler, without a body", async () => {
    const response = await send(app, "HEAD", "/users/42");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("application/json");
    expect(await response.text()).toBe("");
    expect((await send(app, "HEAD", "/nope")).status).toBe(404);
  });
});

describe("docs plugins", () => {
  const plugin: DocsPlugin = {
    name: "test-docs",
    routes: ({ document, json, yaml }) => ({
      "/docs": () => new Response(`ui for ${String((document.info as { title: string }).title)}`),
      "/docs/openapi.json": () =>
        new Response(json, { headers: { "content-type": "application/json" } }),
      "/docs/openapi.yaml": async () => new Response(yaml),
      "/docs/broken": () => {
        throw new Error("plugin bug");
      },
    }),
  };

  it("mounts plugin routes into fetch and routes, never into the document", async () => {
    const app = testApp([UserController], { docs: { swagger: plugin } });
    expect(await (await send(app, "GET", "/docs")).text()).toBe("ui for API");
    const spec = await send(app, "GET", "/docs/openapi.json");
    expect(await spec.json()).toEqual(app.document);
    expect(await (await send(app, "GET", "/docs/openapi.yaml")).text()).toContain("openapi: 3.0.3");
    expect(app.routes["/docs"]?.GET).toBeTypeOf("function");
    expect(Object.keys(app.document.paths).some((path) => path.startsWith("/docs"))).toBe(false);
    const broken = await send(app, "GET", "/docs/broken");
    expect(broken.status).toBe(500);
    expect(app.logged).toHaveLength(1);
  });

  it("rejects a docs route that collides with an application route", () => {
    @Route("/docs")
    class DocsController extends Controller {
      @Post() create() {}
    }
    expectConfigError(
      () =>
        createApp({
          schema: jsonSchemaAdapter(),
          controllers: [DocsController],
          docs: { swagger: plugin },
        }),
      "DOCS_ROUTE_CONFLICT",
      "/docs",
    );
  });

  it("mounts plugin paths exactly as given: /docs and /docs/ are two routes", async () => {
    const slashed: DocsPlugin = {
      name: "slashed",
      routes: () => ({
        "/docs": () => new Response("bare"),
        "/docs/": () => new Response("slashed"),
      }),
    };
    const app = testApp([UserController], { docs: { swagger: slashed } });
    expect(await (await send(app, "GET", "/docs")).text()).toBe("bare");
    expect(await (await send(app, "GET", "/docs/")).text()).toBe("slashed");
    expect(Object.keys(app.routes)).toEqual(expect.arrayContaining(["/docs", "/docs/"]));
    const post = await send(app, "POST", "/docs/");
    expect(post.status).toBe(405);
    expect(post.headers.get("allow")).toBe("GET, HEAD, OPTIONS");
    const server = Bun.serve({ port: 0, routes: app.routes, fetch: app.fetch });
    try {
      const response = await fetch(`http://127.0.0.1:${server.port}/docs/`);
      expect(await response.text()).toBe("slashed");
    } finally {
      server.stop(true);
    }
  });

  it("reports bad docs options as INVALID_DOCS_OPTIONS, keeping the message", () => {
    expectConfigError(
      () => testApp([UserController], { docs: { swagger: 42 as never } }),
      "INVALID_DOCS_OPTIONS",
      "docs.swagger must be true, false",
    );
    const throwing: DocsPlugin = {
      name: "throwing",
      routes: () => {
        throw new TypeError("@trellis/swagger-ui: uiConfig.x must be a finite number");
      },
    };
    expectConfigError(
      () => testApp([UserController], { docs: { swagger: throwing } }),
      "INVALID_DOCS_OPTIONS",
      "uiConfig.x must be a finite number",
    );
    const relative: DocsPlugin = {
      name: "relative",
      routes: () => ({ docs: () => new Response() }),
    };
    expectConfigError(
      () => testApp([UserController], { docs: { swagger: relative } }),
      "INVALID_DOCS_OPTIONS",
      '"docs"',
    );
  });

  it("serializes YAML for plugins lazily, as JSON text where the runtime has no YAML", async () => {
    const bun = Bun as unknown as { YAML: unknown };
    const yaml = bun.YAML;
    bun.YAML = undefined;
    try {
      let read: string | undefined;
      const reader: DocsPlugin = {
        name: "reader",
        routes: (context) => {
          read = context.yaml;
          return { "/spec": () => new Response(context.json) };
        },
      };
      const app = testApp([UserController], { docs: { swagger: reader } });
      // JSON is valid YAML 1.2: a YAML parser reads the same document.
      expect(JSON.parse(read ?? "")).toEqual(app.document);
      const jsonOnly: DocsPlugin = {
        name: "json-only",
        routes: ({ json }) => ({ "/spec": () => new Response(json) }),
      };
      const served = testApp([UserController], { docs: { swagger: jsonOnly } });
      expect(await (await send(served, "GET", "/spec")).json()).toEqual(served.document);
    } finally {
      bun.YAML = yaml;
    }
  });
});
