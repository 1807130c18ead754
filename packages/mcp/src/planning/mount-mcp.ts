import { getRequestId, TrellisConfigError } from "@trellis/core";
import type {
  AppDispatchOptions,
  AppPlugin,
  AppPluginContext,
  AppPluginRoute,
} from "@trellis/core/extend";
import { mcpError } from "../mcp-errors.js";
import { planMcpAuthorization } from "./mcp-authorization.js";
import type { McpSettings } from "./mcp-options.js";
import type { McpDispatchHooks, McpHandler, McpPlugin, McpPluginContext } from "./mcp-plugin.js";
import { mcpToolFeature } from "./mcp-tool.js";
import { planMcpTools } from "./plan-mcp-tools.js";

/**
 * The MCP endpoint as an app plugin: at startup the tools are planned and checked (startup errors
 * for bad names, duplicates, clashing arguments), `server` builds its handler once, and it is
 * mounted for POST, GET and DELETE at the endpoint's path, with the app's `limits.timeout`. With
 * docs on, the tool list is served beside the client manifest (`/docs/mcp.json`).
 */
export function mcpEndpoint(settings: McpSettings, server: McpPlugin): AppPlugin {
  return { name: "@trellis/mcp", mount: (context) => mountMcp(settings, server, context) };
}

const dispatchOptions = (from?: Request, hooks?: McpDispatchHooks): AppDispatchOptions => ({
  ...(from === undefined ? {} : { from }),
  ...(hooks?.log === undefined ? {} : { log: hooks.log }),
});

function mountMcp(settings: McpSettings, server: McpPlugin, app: AppPluginContext) {
  const { operations } = app;
  const planned = planMcpTools(operations, app.schemas, settings);
  const tools = planned.map(({ plan }) => plan);
  const operationOf = new Map(planned.map(({ plan, operation }) => [plan.tool.name, operation]));
  const byOperationId = new Map(
    operations.map((operation) => [operation.docs.operationId, operation]),
  );
  if (app.isTaken(settings.path)) {
    throw mcpError("INVALID_MCP_OPTIONS", [
      `mcpServer(options): path ${settings.path}`,
      "is a route of the app already; choose another path.",
    ]);
  }
  const info = {
    name: settings.name ?? app.service?.name ?? "trellis",
    version: settings.version ?? app.service?.version ?? "0.0.0",
  };
  const authorization = planMcpAuthorization({
    option: settings.authorization,
    path: settings.path,
    security: app.security,
    tools: operations.filter((operation) =>
      tools.some((plan) => plan.method === operation.method && plan.path === operation.path),
    ),
    serverName: info.name,
    respond: app.respond,
  });
  const context: McpPluginContext = {
    tools,
    server: info,
    ...(settings.instructions === undefined ? {} : { instructions: settings.instructions }),
    path: settings.path,
    allowedOrigins: settings.allowedOrigins,
    bodyLimit: app.limits.body,
    dispatch: (request, from, hooks) => app.dispatch(request, dispatchOptions(from, hooks)),
    dispatchTool: async (plan, request, from, hooks) => {
      const operation = operationOf.get(plan.tool.name);
      if (operation === undefined) throw new TypeError(`No MCP tool is named ${plan.tool.name}`);
      return app.dispatch(request, { operation, ...dispatchOptions(from, hooks) });
    },
    dispatchOperation: async (operationId, request, from, hooks) => {
      const operation = byOperationId.get(operationId);
      if (operation === undefined) throw new TypeError(`No operation is named ${operationId}`);
      return app.dispatch(request, { operation, ...dispatchOptions(from, hooks) });
    },
    routes: operations.map((operation) => ({
      method: operation.method,
      path: operation.path,
      operationId: operation.docs.operationId,
      summary: operation.docs.summary,
      description: operation.docs.description,
      // What other features planned (resources read theirs); `@McpTool` is the planner's own.
      features: (operation.features ?? [])
        .filter(({ feature }) => feature !== mcpToolFeature)
        .map(({ feature, plan }) => ({ feature, plan })),
    })),
    requestId: getRequestId,
    requestIdHeader: app.requestIdHeader,
  };
  let handler: McpHandler;
  try {
    handler = server.handler(context);
  } catch (error) {
    if (error instanceof TrellisConfigError) throw error;
    const why = error instanceof Error ? error.message : String(error);
    throw mcpError("INVALID_MCP_OPTIONS", [`mcp plugin "${server.name}":`, why], {
      cause: error,
    });
  }
  const guarded = authorization === undefined ? handler : authorization.protect(handler);
  const timeout = app.limits.timeout === undefined ? {} : { timeout: app.limits.timeout };
  const routes: AppPluginRoute[] = (["POST", "GET", "DELETE"] as const).map((method) => ({
    method,
    path: settings.path,
    handler: guarded,
    ...timeout,
  }));
  // The app may serve its own metadata there.
  for (const route of authorization?.routes ?? []) {
    if (!app.isTaken(route.path)) routes.push(route);
  }
  return {
    routes,
    documents: { "mcp.json": { endpoint: settings.path, tools: tools.map(({ tool }) => tool) } },
  };
}
