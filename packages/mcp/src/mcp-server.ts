import type { RequestStateCodec } from "@modelcontextprotocol/server";
import { createMcpHandler, createRequestStateCodec } from "@modelcontextprotocol/server";
import type { PubSub } from "@trellis/core";
import type { AppPlugin } from "@trellis/core/extend";
import { serverFactory } from "./build-server.js";
import { malformedCall } from "./check-call.js";
import { originCheck } from "./check-origin.js";
import { jsonRpcError, transportError } from "./json-rpc-error.js";
import { jsonUnlessStreamed } from "./json-unless-streamed.js";
import { answerBounds, answerPost, legacyExchange } from "./legacy-answer-post.js";
import { mcpError } from "./mcp-errors.js";
import { type McpPrompt, PromptCatalog } from "./mcp-prompts.js";
import type { McpOptions } from "./planning/mcp-options.js";
import type { McpHandler, McpPluginContext } from "./planning/mcp-plugin.js";
import { mcpSettings } from "./planning/mcp-settings.js";
import { mcpEndpoint } from "./planning/mount-mcp.js";
import { readMessage } from "./read-message.js";
import { ResourceCatalog } from "./resource-catalog.js";

/**
 * What `mcpServer()` takes: where and how the endpoint is served (`McpOptions`), and what it
 * offers besides the app's tools and resources.
 */
export interface McpServerOptions extends McpOptions {
  /** The prompts of `prompts/list` and `prompts/get`. */
  readonly prompts?: readonly McpPrompt[];
  /**
   * The key (32 bytes or more) that signs the state of `askForInput`. Default: random per
   * process, so set one shared by every instance when several serve the endpoint.
   */
  readonly stateKey?: string | Uint8Array;
  /**
   * The app's pub/sub (the one given to `createApp({ pubsub })`): a 2025-era client's answer to
   * the server's request, and its `notifications/cancelled`, then reach the instance that runs the
   * call even when a balancer sends them to another. Without it they must reach the same instance.
   * Needs `stateKey`, the same on every instance: the topic they share is named from it.
   */
  readonly pubsub?: PubSub;
  /**
   * Bounds of the 2025-era calls waiting for their client's answer (`askForInput`): how long one
   * answer may take (default 300 000 ms, a person answers it) and how many may wait at once on an
   * instance (default 1000). Past either, the call fails with a JSON-RPC error.
   */
  readonly inputAnswers?: { readonly timeoutMs?: number; readonly maxWaiting?: number };
}

/**
 * The MCP endpoint of a Trellis app, an app plugin (`createApp({ plugins: [mcpServer()] })`) on
 * the official SDK's (v2) `createMcpHandler`: revision
 * 2026-07-28 (no handshake; version and capabilities in each request's `_meta`) and, on the same
 * endpoint, 2025-11-25 and the older revisions through the SDK's stateless legacy path. Nothing is
 * kept between requests, so any instance behind a load balancer answers any call. Each request gets
 * its own SDK server, which lists the planned tools (and `@McpResource` routes, and the prompts
 * given here) and runs each call as an HTTP request of its own operation, never matched by URL.
 */
export function mcpServer(options: McpServerOptions = {}): AppPlugin {
  const settings = mcpSettings(options);
  const prompts = new PromptCatalog(options.prompts ?? []);
  const key = options.stateKey ?? crypto.getRandomValues(new Uint8Array(32));
  if (key.length < 32) {
    throw mcpError("INVALID_MCP_SERVER_OPTIONS", ["stateKey must be 32 bytes or more."]);
  }
  if (options.pubsub !== undefined && options.stateKey === undefined) {
    const why =
      "pubsub needs a stateKey shared by every instance (the topic they share is named from it).";
    throw mcpError("INVALID_MCP_SERVER_OPTIONS", [why]);
  }
  // The state a route asks back is bound to the caller, so one client cannot replay another's.
  const states = createRequestStateCodec({
    key,
    bind: (exchange) => exchange.http?.req?.headers.get("authorization") ?? "",
  });
  const bounds = answerBounds(options.inputAnswers);
  return mcpEndpoint(settings, {
    name: "@trellis/mcp",
    handler: (context) => {
      const legacy = legacyExchange(bounds, options.pubsub, options.stateKey);
      return mcpHandler(context, prompts, states, legacy);
    },
  });
}

function mcpHandler(
  context: McpPluginContext,
  prompts: PromptCatalog,
  states: RequestStateCodec,
  legacy: ReturnType<typeof legacyExchange>,
): McpHandler {
  const resources = new ResourceCatalog(context);
  const served = createMcpHandler(serverFactory({ context, resources, prompts, states, legacy }), {
    maxRequestBodySize: context.bodyLimit,
  });
  const refuseOrigin = originCheck(context.allowedOrigins);

  return async (request) => {
    // Stateless: no stream to resume (GET) and no session to end (DELETE).
    if (request.method !== "POST") {
      return jsonRpcError(405, transportError, "Method not allowed: this endpoint takes POST", {
        allow: "POST",
      });
    }
    const refused = refuseOrigin(request);
    if (refused !== undefined) return refused;
    const read = await readMessage(request, context.bodyLimit);
    if ("refused" in read) return read.refused;
    // A 2025-era client answering the server's request of a call in flight.
    const answered = answerPost(request, read.message, legacy.relay);
    if (answered !== undefined) return answered;
    const malformed = malformedCall(read.message);
    if (malformed !== undefined) return malformed;
    return await jsonUnlessStreamed(await served.fetch(request, { parsedBody: read.message }));
  };
}
