import { Controller, Get, getRequestLogger, OperationId, Req, Returns, Route } from "@trellis/core";
import { featureKey, type RouteFeature } from "@trellis/core/extend";
import { appUnderTest as testApp } from "@trellis/testing";
import { describe, expect, it } from "vitest";
import { captureEndpoint as capture } from "../test-helpers/capture-endpoint.js";
import { McpTool } from "./mcp-tool.js";

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
  @McpTool() // the planner's own setting: not listed among the features
  @OperationId("plain")
  @Returns(204, "Nothing")
  plain() {}
}

const quiet = { undeclaredResponses: "off" } as const;

describe("what the planner hands the MCP server besides the tools", () => {
  it("lists every routed operation with its feature plans", () => {
    const plugin = capture();
    testApp([Things], { plugins: [plugin], openapi: quiet });
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
      plugins: [plugin],
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
