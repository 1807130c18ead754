import { describe, expect, it } from "vitest";
import { Controller } from "../controller/controller.js";
import { Req } from "../decorators/bindings.js";
import { OperationId } from "../decorators/docs.js";
import { Returns } from "../decorators/returns.js";
import { Route } from "../decorators/route.js";
import { Get } from "../decorators/verbs.js";
import { featureKey } from "../feature/feature-key.js";
import type { RouteFeature } from "../feature/route-feature.js";
import { getRequestLogger } from "../observability/request-logger.js";
import { testApp } from "../test-helpers/test-app.js";
import type { McpPlugin, McpPluginContext } from "./mcp-plugin.js";

/** A plugin that keeps what core hands it. */
function capture(): McpPlugin & { context?: McpPluginContext } {
  const plugin: McpPlugin & { context?: McpPluginContext } = {
    name: "capture",
    handler(context) {
      plugin.context = context;
      return async () => new Response(null, { status: 204 });
    },
  };
  return plugin;
}

// A feature of a plugin's own: what it plans per route reaches the plugin through `routes`.
const markKey = featureKey<string>("@Mark", () => mark());
const Mark = (label: string) => markKey.record(label);
function mark(): RouteFeature<string, { label: string }> {
  return { name: "mark", key: markKey, plan: ({ value }) => ({ label: value }) };
}

@Route("/things")
class Things extends Controller {
  @Get("/logged")
  @OperationId("logged")
  @Mark("resource-ish")
  @Returns(204, "Logged")
  logged(@Req() request: Request) {
    const log = getRequestLogger(request);
    log.info("one", { step: 1 });
    log.warn("two");
  }

  @Get("/plain")
  @OperationId("plain")
  @Returns(204, "Nothing")
  plain() {}
}

const quiet = { undeclaredResponses: "off" } as const;

describe("what core hands the MCP plugin besides the tools", () => {
  it("lists every routed operation with its feature plans", () => {
    const plugin = capture();
    testApp([Things], { mcp: { plugin }, openapi: quiet });
    const routes = plugin.context?.routes ?? [];
    expect(routes.map(({ operationId }) => operationId)).toEqual(["logged", "plain"]);
    expect(routes[0]).toMatchObject({
      method: "GET",
      path: "/things/logged",
      features: [{ feature: "mark", plan: { label: "resource-ish" } }],
    });
    expect(routes[1]?.features).toEqual([]);
  });

  it("gives the lines logged about a dispatched request to its log hook", async () => {
    const plugin = capture();
    testApp([Things], {
      mcp: { plugin },
      logger: { error: () => {}, warn: () => {}, info: () => {} },
      openapi: quiet,
    });
    const lines: unknown[] = [];
    const log = (level: string, message: string, details: readonly unknown[]) =>
      void lines.push({ level, message, details });
    const answer = await plugin.context?.dispatch(
      new Request("http://localhost/things/logged"),
      undefined,
      { log },
    );
    expect(answer?.status).toBe(204);
    expect(lines).toEqual([
      { level: "info", message: "one", details: [{ step: 1 }] },
      { level: "warn", message: "two", details: [] },
    ]);
    // Another request, without the hook: its lines stay in the app's log only.
    await plugin.context?.dispatch(new Request("http://localhost/things/logged"));
    expect(lines).toHaveLength(2);
  });
});
