import type { HttpMethod, JsonSchema, ParameterLocation } from "@trellis/core/extend";

/** Hints about a tool's behaviour (MCP `ToolAnnotations`), derived from the HTTP method. */
export interface McpToolAnnotations {
  readonly title?: string;
  readonly readOnlyHint?: boolean;
  readonly destructiveHint?: boolean;
  readonly idempotentHint?: boolean;
  readonly openWorldHint?: boolean;
}

/** A tool as `tools/list` shows it (MCP 2025-11-25 `Tool`). */
export interface McpToolDefinition {
  readonly name: string;
  readonly title?: string;
  readonly description?: string;
  /** One self-contained JSON Schema object (2020-12, no `$schema`; shared models under `$defs`). */
  readonly inputSchema: JsonSchema;
  readonly outputSchema?: JsonSchema;
  readonly annotations: McpToolAnnotations;
}

/** Where one tool argument goes in the HTTP request: its location and its name there. */
export interface McpArgument {
  /** The argument's name in `arguments` (the parameter's name as declared; `body` for the body). */
  readonly name: string;
  readonly in: ParameterLocation | "body";
}

/**
 * How `structuredContent` is made from a 2xx JSON body: `"object"` is the body itself, `"wrapped"`
 * is `{ result: body }` (MCP structured content must be an object), `"none"`: text only.
 */
export type McpOutputShape = "object" | "wrapped" | "none";

/** One tool and the HTTP request it stands for, planned once at startup. */
export interface McpToolPlan {
  readonly tool: McpToolDefinition;
  readonly method: HttpMethod;
  /** The route path with `:name` parameters (`/users/:id`). */
  readonly path: string;
  readonly arguments: readonly McpArgument[];
  /** The body's media type, when the operation reads one. */
  readonly bodyType: "application/json" | "application/x-www-form-urlencoded" | undefined;
  /** The media type the call asks for (`Accept`): JSON unless the operation produces only others. */
  readonly accept: string;
  readonly output: McpOutputShape;
  /**
   * Headers the call's request always carries, over any the MCP request brings: a header-versioned
   * operation's version (`api-version: 2`), so the route sees the version its tool stands for.
   */
  readonly headers?: Readonly<Record<string, string>>;
}

/** A routed operation as the plugin sees it: for plugin features such as resources. */
export interface McpRoute {
  readonly method: HttpMethod;
  /** The route path with `:name` parameters. */
  readonly path: string;
  readonly operationId: string;
  readonly summary: string | undefined;
  readonly description: string | undefined;
  /** Each route feature the operation uses, with its plan (`createApp({ features })`). */
  readonly features: readonly { readonly feature: string; readonly plan: unknown }[];
}

/** What the plugin may ask of one dispatched request besides its answer. */
export interface McpDispatchHooks {
  /**
   * Each line logged about the request (`getRequestLogger(request)` in a handler, a guard, an
   * interceptor): a tool call sends them to its client as log messages.
   */
  readonly log?: (
    level: "error" | "warn" | "info" | "debug",
    message: string,
    details: readonly unknown[],
  ) => void;
}

/** What the planner hands the MCP server, once, at startup. */
export interface McpPluginContext {
  /** The tools, in route order. */
  readonly tools: readonly McpToolPlan[];
  /** `serverInfo` of the `initialize` result. */
  readonly server: { readonly name: string; readonly version: string; readonly title?: string };
  /** `instructions` of the `initialize` result, when given. */
  readonly instructions?: string;
  /** The endpoint's path (`/mcp`). */
  readonly path: string;
  /** Browser origins allowed besides localhost ones (`allowedOrigins`). */
  readonly allowedOrigins: readonly string[];
  /** `limits.body`: the largest MCP request body read, in bytes (413 above it). */
  readonly bodyLimit: number;
  /**
   * Answers a request exactly as the app answers it over HTTP (the app's own `fetch`): middleware,
   * security, guards, validation, interceptors, timeouts, matching its URL against every route.
   * `from`, the MCP request it serves, lends it its connection (a rate limit by address sees the
   * client). A tool call goes through `dispatchTool` instead.
   */
  dispatch(request: Request, from?: Request, hooks?: McpDispatchHooks): Promise<Response>;
  /**
   * Runs the operation `plan` stands for (found by its tool's name) as the app runs it over HTTP
   * (middleware, security, guards, validation, route features, interceptors, timeouts, the error
   * answer), without matching the request's URL against the routes: the path is read against that
   * operation's template alone, and one that does not fit it is a 400. What a tool call should go
   * through, so a call never reaches a route other than its own.
   */
  dispatchTool(
    plan: McpToolPlan,
    request: Request,
    from?: Request,
    hooks?: McpDispatchHooks,
  ): Promise<Response>;
  /**
   * `dispatchTool` for any routed operation, named by its `operationId` (an `McpRoute`'s): what
   * a plugin feature such as a resource read goes through, so it too reaches only its own route.
   */
  dispatchOperation(
    operationId: string,
    request: Request,
    from?: Request,
    hooks?: McpDispatchHooks,
  ): Promise<Response>;
  /** Every routed operation, in route order (tools or not): what plugin features read. */
  readonly routes: readonly McpRoute[];
  /** The id the app gave the MCP request (`X-Request-ID`), carried on to its tool calls. */
  requestId(request: Request): string | undefined;
  /** The name of the request id header (lower case); undefined when request ids are off. */
  readonly requestIdHeader: string | undefined;
}

/** The MCP endpoint's request handler. */
export type McpHandler = (request: Request) => Promise<Response>;

/**
 * What serves the MCP endpoint (the SDK server of `mcpServer()`, or a test's): it receives the
 * planned tools once and returns the endpoint's handler, mounted for POST, GET and DELETE at the
 * endpoint's path.
 */
export interface McpPlugin {
  /** The plugin's name, for error messages. */
  readonly name: string;
  handler(context: McpPluginContext): McpHandler;
}
