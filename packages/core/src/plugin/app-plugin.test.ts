import { describe, expect, it } from "vitest";
import { Controller } from "../controller/controller.js";
import { Injectable } from "../decorators/injectable.js";
import { Route } from "../decorators/route.js";
import { Get } from "../decorators/verbs.js";
import { NotFoundException } from "../errors/http-exceptions.js";
import { expectConfigError } from "../test-helpers/expect-config-error.js";
import { type Json, send, testApp } from "../test-helpers/test-app.js";
import type { AppPlugin, AppPluginContext, AppPluginMount } from "./app-plugin.js";

@Injectable()
class Counter {
  hits = 0;
}

@Route("/things")
class ThingController extends Controller {
  @Get()
  list() {
    return [];
  }
}

/** The client-facing class a typed client would name the plugin's calls by. */
abstract class Stats {
  abstract count(): { hits: number };
}

const quiet = { openapi: { undeclaredResponses: "off" as const } };

/** A plugin whose mount is `mount`, named `name`. */
const plugin = (
  mount: (context: AppPluginContext) => AppPluginMount,
  name = "stats",
): AppPlugin => ({
  name,
  mount,
});

/** A stats plugin: a documented GET /stats (a provider read per request) and a plain GET /stats.txt. */
const stats = (seen: { context?: AppPluginContext } = {}) =>
  plugin((context) => {
    seen.context = context;
    return {
      routes: [
        {
          method: "GET",
          path: "/stats",
          handler: () => {
            const counter = context.resolve(Counter, "stats plugin") as Counter;
            counter.hits++;
            return Response.json({ hits: counter.hits, state: context.status() });
          },
          operation: {
            controller: Stats,
            handler: "count",
            operationId: "getStats",
            summary: "Request counts",
            tags: ["stats"],
            responses: [
              {
                status: 200,
                description: "The counts",
                schema: { type: "object", properties: { hits: { type: "integer" } } },
                headers: { "X-Window": { schema: { type: "integer" }, description: "Seconds" } },
              },
            ],
          },
        },
        { method: "GET", path: "/stats.txt", handler: () => new Response("plain") },
        {
          method: "GET",
          path: "/stats/missing",
          handler: () => {
            throw new NotFoundException("No such stat");
          },
        },
        {
          method: "GET",
          path: "/stats/broken",
          handler: async () => {
            throw new Error("secret internals");
          },
        },
      ],
    };
  });

describe("createApp({ plugins }): app plugins", () => {
  it("serves a plugin's routes, documenting only those that are operations, as public operations", async () => {
    const app = testApp([ThingController], { ...quiet, providers: [Counter], plugins: [stats()] });
    const first = await send(app, "GET", "/stats");
    expect([first.status, await first.json()]).toEqual([200, { hits: 1, state: "ready" }]);
    expect(await (await send(app, "GET", "/stats")).json()).toEqual({ hits: 2, state: "ready" });
    expect(await (await send(app, "GET", "/stats.txt")).text()).toBe("plain");
    const paths = app.document.paths as Record<string, Json>;
    expect(Object.keys(paths)).toEqual(["/things", "/stats"]);
    const operation = paths["/stats"].get;
    expect(operation).toMatchObject({
      operationId: "getStats",
      summary: "Request counts",
      tags: ["stats"],
      security: [],
    });
    expect(operation.responses["200"].headers["X-Window"]).toEqual({
      description: "Seconds",
      schema: { type: "integer" },
    });
    expect(operation.responses["200"].content["application/json"].schema).toEqual({
      type: "object",
      properties: { hits: { type: "integer" } },
    });
  });

  it("answers what a plugin's handler throws through the app's error path, never leaking it", async () => {
    const app = testApp([ThingController], { ...quiet, providers: [Counter], plugins: [stats()] });
    const missing = await send(app, "GET", "/stats/missing");
    expect(missing.status).toBe(404);
    expect(missing.headers.get("content-type")).toBe("application/problem+json");
    expect(((await missing.json()) as Json).detail).toBe("No such stat");
    const broken = await send(app, "GET", "/stats/broken");
    expect(broken.status).toBe(500);
    expect(await broken.text()).not.toContain("secret");
    expect(app.logged.length).toBe(1);
  });

  it("gives the plugin the operations, the taken paths, the pub/sub status and, later, the document", async () => {
    const seen: { context?: AppPluginContext } = {};
    const app = testApp([ThingController], {
      ...quiet,
      providers: [Counter],
      plugins: [stats(seen)],
    });
    const context = seen.context as AppPluginContext;
    expect(context.operations.map(({ path }) => path)).toEqual(["/things"]);
    expect([context.isTaken("/things"), context.isTaken("/stats"), context.isTaken("/x")]).toEqual([
      true,
      true,
      false,
    ]);
    expect(context.pubsub.status()).toMatchObject({ engine: "in-process", connected: true });
    expect(Object.keys(context.document().paths as object)).toEqual(["/things", "/stats"]);
    expect(context.document()).toBe(app.document);
    const answer = context.respond(new NotFoundException("gone"), new Request("http://x/stats"));
    expect(answer.status).toBe(404);
  });

  it("refuses reading the document or a provider while mounting, with INVALID_PLUGIN", () => {
    for (const read of [
      (context: AppPluginContext) => context.document(),
      (context: AppPluginContext) => context.resolve(Counter, "early"),
    ]) {
      const early = plugin((context) => {
        read(context);
        return { routes: [] };
      }, "early");
      expectConfigError(
        () => testApp([ThingController], { providers: [Counter], plugins: [early] }),
        "INVALID_PLUGIN",
        'app plugin "early" read',
        "while mounting",
      );
    }
  });

  it("runs ready before app.ready resolves (routes answer 503 until then) and close on app.close()", async () => {
    const events: string[] = [];
    let finish: () => void = () => {};
    const lifecycle = plugin(() => ({
      routes: [{ method: "GET", path: "/probe", handler: () => new Response("ok") }],
      ready: () =>
        new Promise<void>((resolve) => {
          events.push("ready");
          finish = resolve;
        }),
      close: () => {
        events.push("close");
      },
    }));
    const failing = plugin(
      () => ({
        routes: [],
        close: () => {
          throw new Error("close failed");
        },
      }),
      "failing",
    );
    const app = testApp([ThingController], { ...quiet, plugins: [lifecycle, failing] });
    expect(events).toEqual(["ready"]);
    expect(app.state.status).toBe("starting");
    expect((await send(app, "GET", "/things")).status).toBe(503);
    finish();
    await app.ready;
    expect(app.state.status).toBe("ready");
    expect((await send(app, "GET", "/probe")).status).toBe(200);
    await app.close({ graceMs: 0 });
    expect(events).toEqual(["ready", "close"]);
    expect(app.logged.map(([message]) => message)).toEqual([
      'Closing app plugin "failing" failed:',
    ]);
  });

  it("refuses a bad plugins list, a bad route and a mount that throws, with INVALID_PLUGIN", () => {
    const make = (plugins: unknown) => () =>
      testApp([ThingController], { ...quiet, plugins: plugins as AppPlugin[] });
    expectConfigError(make({}), "INVALID_PLUGIN", "plugins must be an array");
    expectConfigError(make([{ name: "x" }]), "INVALID_PLUGIN", "plugins[0]");
    expectConfigError(make([stats(), stats()]), "INVALID_PLUGIN", 'lists "stats" twice');
    const route = (path: string) =>
      plugin(() => ({ routes: [{ method: "GET", path, handler: () => new Response() }] }), "route");
    for (const path of ["relative", "/with/:param", "/q?x", ""]) {
      expectConfigError(make([route(path)]), "INVALID_PLUGIN", "invalid route");
    }
    const throws = plugin(() => {
      throw new Error("no config");
    }, "thrower");
    expectConfigError(
      make([throws]),
      "INVALID_PLUGIN",
      'app plugin "thrower" failed to mount: no config',
    );
  });

  it("refuses a path an app route or an earlier plugin has, with PLUGIN_ROUTE_CONFLICT", () => {
    const at = (path: string, name: string) =>
      plugin(() => ({ routes: [{ method: "POST", path, handler: () => new Response() }] }), name);
    expectConfigError(
      () => testApp([ThingController], { ...quiet, plugins: [at("/things", "a")] }),
      "PLUGIN_ROUTE_CONFLICT",
      'app plugin "a" serves /things',
    );
    expectConfigError(
      () => testApp([ThingController], { ...quiet, plugins: [at("/x", "a"), at("/x", "b")] }),
      "PLUGIN_ROUTE_CONFLICT",
      'app plugin "b" serves /x',
    );
  });
});
