import { configError } from "../errors/core-config-error.js";
import { TrellisConfigError } from "../errors/trellis-config-error.js";
import { getRequestId } from "../http/request-id.js";
import type { RouteHandler } from "../http/route-handler.js";
import { routeShape } from "../http/route-shape.js";
import { teeRequestLog } from "../observability/request-logger.js";
import type { Operation } from "../operation/operation.js";
import type { ErrorResponder } from "../pipeline/error-responder.js";
import type { RouterEntry } from "../router/build-router.js";
import type { SchemaRegistry } from "../schema/schema-registry.js";
import { loadMcpPlugin } from "./load-mcp-plugin.js";
import { planMcpAuthorization } from "./mcp-authorization.js";
import type { McpHandler } from "./mcp-plugin.js";
import { mcpSettings } from "./mcp-settings.js";
import { planMcpToolsOf } from "./plan-mcp-tools.js";

/** What `mountMcp` reads of the app's settings (a slice of them, typed where they are used). */
export interface McpAppSettings {
  /** `openapi.service`: the default server name and version. */
  readonly openapi?: { readonly service?: { readonly name?: string; readonly version?: string } };
  readonly bodyLimit: number;
  /** `limits.timeout`: the endpoint's deadline, as any route's. */
  readonly timeout: number | undefined;
  readonly pipeline: {
    readonly requestId?: { readonly header: string } | undefined;
    /** The runtime check of each security scheme: a bearer check makes the endpoint a resource. */
    readonly security: ReadonlyMap<string, unknown>;
  };
}

/** What `mountMcp` needs of the app being created. */
export interface McpMountInput {
  readonly registry: SchemaRegistry;
  /** Shapes already served: the endpoint may not take one. Gains the endpoint's. */
  readonly taken: Set<string>;
  /** The entries mounted so far: the tool list goes beside the docs' `client.json`, if served. */
  readonly entries: readonly RouterEntry[];
  readonly respondError: ErrorResponder;
  /**
   * The app's own `fetch` (on the MCP request's connection), or, given an operation, that
   * operation's route alone: a tool call runs the operation it names, never another by its URL.
   */
  dispatch(request: Request, from?: Request, operation?: Operation): Promise<Response>;
}

const jsonHeaders = { "content-type": "application/json; charset=utf-8" };

/**
 * The router entries of the `mcp` option, or none when it is off: the tools are planned and
 * checked now (startup errors for bad names, duplicates, clashing arguments), the plugin builds its
 * handler once, and it is mounted for POST, GET and DELETE at `mcp.path`. With docs on, the tool
 * list is served beside the client manifest (`/docs/mcp.json`).
 */
export function mountMcp(
  option: unknown,
  routes: readonly { readonly operation: Operation }[],
  app: McpAppSettings,
  input: McpMountInput,
): RouterEntry[] {
  const settings = mcpSettings(option);
  if (settings === undefined) return [];
  const operations = routes.map(({ operation }) => operation);
  const planned = planMcpToolsOf(operations, input.registry, settings);
  const tools = planned.map(({ plan }) => plan);
  const operationOf = new Map(planned.map(({ plan, operation }) => [plan.tool.name, operation]));
  const byOperationId = new Map(
    operations.map((operation) => [operation.docs.operationId, operation]),
  );
  const plugin = settings.plugin ?? loadMcpPlugin();
  const shape = routeShape(settings.path);
  if (input.taken.has(shape)) {
    throw configError("INVALID_MCP_OPTIONS", [
      `createApp: mcp.path ${settings.path}`,
      "is a route of the app already; choose another path.",
    ]);
  }
  input.taken.add(shape);
  const server = {
    name: settings.name ?? app.openapi?.service?.name ?? "trellis",
    version: settings.version ?? app.openapi?.service?.version ?? "0.0.0",
  };
  const authorization = planMcpAuthorization({
    option: settings.authorization,
    path: settings.path,
    security: app.pipeline.security,
    tools: operations.filter((operation) =>
      tools.some((plan) => plan.method === operation.method && plan.path === operation.path),
    ),
    serverName: server.name,
    respondError: input.respondError,
  });
  let handler: McpHandler;
  try {
    handler = plugin.handler({
      tools,
      server,
      ...(settings.instructions === undefined ? {} : { instructions: settings.instructions }),
      path: settings.path,
      allowedOrigins: settings.allowedOrigins,
      bodyLimit: app.bodyLimit,
      dispatch: (request, from, hooks) => {
        if (hooks?.log !== undefined) teeRequestLog(request, hooks.log);
        return input.dispatch(request, from);
      },
      dispatchTool: async (plan, request, from, hooks) => {
        const operation = operationOf.get(plan.tool.name);
        if (operation === undefined) throw new TypeError(`No MCP tool is named ${plan.tool.name}`);
        if (hooks?.log !== undefined) teeRequestLog(request, hooks.log);
        return input.dispatch(request, from, operation);
      },
      dispatchOperation: async (operationId, request, from, hooks) => {
        const operation = byOperationId.get(operationId);
        if (operation === undefined) throw new TypeError(`No operation is named ${operationId}`);
        if (hooks?.log !== undefined) teeRequestLog(request, hooks.log);
        return input.dispatch(request, from, operation);
      },
      routes: operations.map((operation) => ({
        method: operation.method,
        path: operation.path,
        operationId: operation.docs.operationId,
        summary: operation.docs.summary,
        description: operation.docs.description,
        features: (operation.features ?? []).map(({ feature, plan }) => ({ feature, plan })),
      })),
      requestId: getRequestId,
      requestIdHeader: app.pipeline.requestId?.header,
    });
  } catch (error) {
    if (error instanceof TrellisConfigError) throw error;
    const why = error instanceof Error ? error.message : String(error);
    throw configError("INVALID_MCP_OPTIONS", [`mcp plugin "${plugin.name}":`, why], {
      cause: error,
    });
  }
  // Plugin code: nothing it throws may reach the server.
  const caught: RouteHandler = (request) =>
    handler(request).catch((error: unknown) => input.respondError(error, request));
  const guarded = authorization === undefined ? caught : authorization.protect(caught);
  const timeout = app.timeout === undefined ? {} : { timeout: app.timeout };
  const entries: RouterEntry[] = (["POST", "GET", "DELETE"] as const).map((method) => ({
    method,
    path: settings.path,
    shape,
    handler: guarded,
    route: settings.path,
    ...timeout,
  }));
  for (const entry of authorization?.entries ?? []) {
    if (input.taken.has(entry.shape)) continue; // the app serves its own metadata there
    input.taken.add(entry.shape);
    entries.push(entry);
  }
  const manifest = input.entries.find(({ path }) => path.endsWith("/client.json"));
  if (manifest !== undefined) {
    const path = `${manifest.path.slice(0, -"client.json".length)}mcp.json`;
    const body = JSON.stringify({ endpoint: settings.path, tools: tools.map(({ tool }) => tool) });
    if (!input.taken.has(routeShape(path))) {
      input.taken.add(routeShape(path));
      entries.push({
        method: "GET",
        path,
        shape: routeShape(path),
        handler: () => new Response(body, { headers: jsonHeaders }),
      });
    }
  }
  return entries;
}
