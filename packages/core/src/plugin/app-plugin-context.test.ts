import { schema } from "@trellis/testing";
import { describe, expect, it } from "vitest";
import { Controller } from "../controller/controller.js";
import { Param, Req } from "../decorators/bindings.js";
import { Returns } from "../decorators/returns.js";
import { Route } from "../decorators/route.js";
import { Get } from "../decorators/verbs.js";
import type { DocsPlugin } from "../docs/docs-plugin.js";
import { getRequestLogger } from "../observability/request-logger.js";
import { getRequestSignal } from "../pipeline/request-deadline.js";
import { expectConfigError } from "../test-helpers/expect-config-error.js";
import { type Json, send, testApp } from "../test-helpers/test-app.js";
import type { AppPlugin, AppPluginContext, AppPluginMount } from "./app-plugin.js";

// What the app-plugin context gives a plugin that serves the app's operations another way (an
// MCP endpoint, say): dispatch, the schema components, the security checks,
// the service, the limits, the request id header; a route's timeout; documents beside the docs.

const Item = schema({ type: "object", properties: { id: { type: "string" } } }, "Item");
const ran: string[] = [];

@Route("/files")
class Files extends Controller {
  @Get("/:name")
  @Returns(200, Item)
  file(@Param("name") name: string, @Req() request: Request) {
    ran.push(`file:${name}`);
    getRequestLogger(request).info("read", { name });
    return { id: name };
  }

  @Get("/secret")
  @Returns(200, Item)
  secret() {
    ran.push("secret");
    return { id: "secret" };
  }
}

const quiet = { undeclaredResponses: "off" as const };
const bearer = () => true;

/** A plugin that keeps its context and serves what `routes(context)` gives. */
function keeping(mount: (context: AppPluginContext) => Partial<AppPluginMount> = () => ({})) {
  const seen: { context?: AppPluginContext } = {};
  const plugin: AppPlugin = {
    name: "keeping",
    mount(context) {
      seen.context = context;
      return { routes: [], ...mount(context) };
    },
  };
  return { plugin, seen };
}

const rawDocs: DocsPlugin = {
  name: "raw",
  routes: ({ json }) => ({ "/docs/openapi.json": () => new Response(json) }),
};

describe("the app-plugin context", () => {
  const { plugin, seen } = keeping();
  testApp([Files], {
    openapi: {
      ...quiet,
      service: { name: "files", version: "3.1.0" },
      securitySchemes: { bearer: { type: "http", scheme: "bearer" } },
    },
    plugins: [plugin],
    security: { bearer },
    limits: { body: 4096, timeout: 5000 },
    requestId: true,
  });
  const context = seen.context as AppPluginContext;
  const operation = (path: string) => context.operations.find((one) => one.path === path);

  it("dispatches by URL as fetch does, or to one operation's route alone", async () => {
    ran.length = 0;
    const byUrl = await context.dispatch(new Request("http://test.local/files/secret"));
    expect(await byUrl.json()).toEqual({ id: "secret" });
    const file = operation("/files/:name");
    const direct = await context.dispatch(new Request("http://test.local/files/secret"), {
      operation: file,
    });
    expect(await direct.json()).toEqual({ id: "secret" });
    expect(ran).toEqual(["secret", "file:secret"]);
    const outside = await context.dispatch(new Request("http://test.local/files/a/b"), {
      operation: file,
    });
    expect(outside.status).toBe(400);
    expect(ran).toHaveLength(2);
    expect(byUrl.headers.get("x-request-id")).not.toBeNull(); // what wraps every answer ran
  });

  it("gives the dispatched request's log lines to its log sink", async () => {
    const lines: unknown[] = [];
    await context.dispatch(new Request("http://test.local/files/a"), {
      operation: operation("/files/:name"),
      log: (level, message, details) => void lines.push([level, message, details]),
    });
    expect(lines).toEqual([["info", "read", [{ name: "a" }]]]);
  });

  it("hands over the schema components, the security checks, the service and the limits", () => {
    const body = operation("/files/:name")?.responses[0]?.jsonSchema ?? {};
    const ref = body.$ref as string;
    expect(context.schemas.componentName(ref)).toBe("Item");
    expect(context.schemas.component("Item")).toMatchObject({ type: "object" });
    expect(context.schemas.resolve(body)).toBe(context.schemas.component("Item"));
    expect(context.schemas.componentName("#/$defs/Other")).toBeUndefined();
    expect([...context.security]).toEqual([["bearer", bearer]]);
    expect(context.service).toMatchObject({ name: "files", version: "3.1.0" });
    expect(context.limits).toEqual({ body: 4096, timeout: 5000 });
    expect(context.requestIdHeader).toBe("x-request-id");
  });

  it("refuses dispatch while mounting, with INVALID_PLUGIN", () => {
    const early = keeping((context) => {
      void context.dispatch(new Request("http://test.local/files/a"));
      return {};
    });
    expectConfigError(
      () => testApp([Files], { openapi: quiet, plugins: [early.plugin] }),
      "INVALID_PLUGIN",
      "read dispatch while mounting",
    );
  });
});

describe("an app plugin's route timeout and documents", () => {
  it("answers a route 503 once its timeout passes, aborting its signal", {
    timeout: 10_000,
  }, async () => {
    let aborted: AbortSignal | undefined;
    const slow = keeping(() => ({
      routes: [
        {
          method: "GET",
          path: "/slow",
          timeout: 20,
          handler: (request) =>
            new Promise<Response>((resolve) => {
              aborted = getRequestSignal(request);
              aborted.addEventListener("abort", () => resolve(new Response("late")));
            }),
        },
      ],
    }));
    const app = testApp([Files], { openapi: quiet, plugins: [slow.plugin] });
    expect((await send(app, "GET", "/slow")).status).toBe(503);
    expect(aborted?.aborted).toBe(true);
  });

  it("refuses a timeout that is not whole milliseconds, with INVALID_PLUGIN", () => {
    for (const timeout of [0, 1.5, -1, 2 ** 31]) {
      const bad = keeping(() => ({
        routes: [{ method: "GET", path: "/x", timeout, handler: () => new Response() }],
      }));
      expectConfigError(
        () => testApp([Files], { openapi: quiet, plugins: [bad.plugin] }),
        "INVALID_PLUGIN",
        "timeout",
      );
    }
  });

  it("serves its documents as JSON beside the raw document, when docs are on", async () => {
    const listing = () => keeping(() => ({ documents: { "tools.json": { tools: ["a"] } } }));
    const app = testApp([Files], {
      openapi: quiet,
      docs: { swagger: rawDocs },
      plugins: [listing().plugin],
    });
    const served = await send(app, "GET", "/docs/tools.json");
    expect(served.headers.get("content-type")).toMatch(/^application\/json/);
    expect((await served.json()) as Json).toEqual({ tools: ["a"] });
    const off = testApp([Files], { openapi: quiet, plugins: [listing().plugin] });
    expect((await send(off, "GET", "/docs/tools.json")).status).toBe(404);
  });

  it("leaves out a document whose path the docs serve, and refuses a bad or repeated name", async () => {
    const own = keeping(() => ({ documents: { "openapi.json": { mine: true } } }));
    const app = testApp([Files], {
      openapi: quiet,
      docs: { swagger: rawDocs },
      plugins: [own.plugin],
    });
    expect(await (await send(app, "GET", "/docs/openapi.json")).json()).toHaveProperty("openapi");
    for (const name of ["../x.json", "a/b.json", ""]) {
      const bad = keeping(() => ({ documents: { [name]: {} } }));
      expectConfigError(
        () => testApp([Files], { openapi: quiet, plugins: [bad.plugin] }),
        "INVALID_PLUGIN",
        "document",
      );
    }
    const first = keeping(() => ({ documents: { "x.json": 1 } }));
    const second: AppPlugin = {
      name: "second",
      mount: () => ({ routes: [], documents: { "x.json": 2 } }),
    };
    expectConfigError(
      () => testApp([Files], { openapi: quiet, plugins: [first.plugin, second] }),
      "INVALID_PLUGIN",
      '"x.json"',
    );
  });
});
