/**
 * The endpoint options of `mcpServer()`: an MCP server (Streamable HTTP, stateless) on the app's
 * own routes, one tool per operation.
 */
export interface McpOptions {
  /** Where the endpoint is served (default `/mcp`). */
  readonly path?: string;
  /** `serverInfo.name` (default: `openapi.service.name`, else "trellis"). */
  readonly name?: string;
  /** `serverInfo.version` (default: `openapi.service.version`, else "0.0.0"). */
  readonly version?: string;
  /** `instructions` sent to clients on `initialize`: how to use the tools together. */
  readonly instructions?: string;
  /**
   * `"all"` (default): every routed operation is a tool unless `@McpTool(false)` says no;
   * `"opt-in"`: only operations (or controllers) marked `@McpTool()` are.
   */
  readonly tools?: "all" | "opt-in";
  /**
   * Browser origins allowed to call the endpoint (`https://agent.example.com`), besides
   * `http(s)://localhost`, `127.0.0.1` and `[::1]` on any port. A request whose `Origin` is
   * another is refused 403 (MCP's defence against DNS rebinding); one with no `Origin` (not from a
   * browser) is served.
   */
  readonly allowedOrigins?: readonly string[];
  /** The endpoint as an OAuth protected resource (on with a bearer check; false: off). */
  readonly authorization?: McpAuthorizationOptions | false;
}

/**
 * `authorization`: the endpoint as an OAuth protected resource (MCP authorization, RFC 9728).
 * On by itself when `createApp({ security })` holds a bearer-token check with an issuer and an
 * audience (`jwtBearer()` of `@trellis/auth`); `false` turns it off.
 */
export interface McpAuthorizationOptions {
  /** The key of `createApp({ security })` whose check verifies the tokens (default: the first such). */
  readonly scheme?: string;
  /**
   * The endpoint's canonical URL (`https://api.example.com/mcp`): the metadata's `resource`, and
   * the audience a token must name (RFC 8707). Default: the URL each request came to; set it
   * behind a proxy. It must be an audience of the scheme's check.
   */
  readonly resource?: string;
}

/** The endpoint options, checked. */
export interface McpSettings {
  readonly path: string;
  readonly name: string | undefined;
  readonly version: string | undefined;
  readonly instructions: string | undefined;
  readonly tools: "all" | "opt-in";
  readonly allowedOrigins: readonly string[];
  readonly authorization: McpAuthorizationOptions | false | undefined;
}
