import {
  type ListToolsResult,
  type RequestStateCodec,
  Server,
  type ServerContext,
} from "@modelcontextprotocol/server";
import { callTool } from "./call-tool.js";
import { callerOf, type PendingAnswers } from "./legacy-answers.js";
import type { LegacyCalls } from "./legacy-cancel.js";
import type { LegacyExchange } from "./legacy-input.js";
import type { LegacyRelay } from "./legacy-relay.js";
import type { PromptCatalog } from "./mcp-prompts.js";
import type { McpPluginContext, McpToolPlan } from "./planning/mcp-plugin.js";
import { getPrompt } from "./prompt-get.js";
import type { ResourceCatalog } from "./resource-catalog.js";

/** What every request's server is made from: planned once, at startup. */
export interface ServerParts {
  readonly context: McpPluginContext;
  readonly resources: ResourceCatalog;
  readonly prompts: PromptCatalog;
  /** Signs and verifies the state of input-required results. */
  readonly states: RequestStateCodec;
  /** 2025-era calls of this process: their cancellations, and the client answers they await. */
  readonly legacy: {
    readonly calls: LegacyCalls;
    readonly answers: PendingAnswers;
    readonly relay: LegacyRelay;
  };
}

/**
 * Makes the server factory of `createMcpHandler`: each request gets a fresh SDK server with the
 * app's tools, resources and prompts, and the capabilities those give (no empty capability is
 * declared: a client reads "prompts" as "there are prompts").
 */
export function serverFactory({ context, resources, prompts, states, legacy }: ServerParts) {
  const byName = new Map<string, McpToolPlan>(context.tools.map((plan) => [plan.tool.name, plan]));
  // Made once: every tools/list answers the same list.
  const listed = { tools: context.tools.map(({ tool }) => tool) } as ListToolsResult;
  const info = {
    name: context.server.name,
    version: context.server.version,
    ...(context.server.title === undefined ? {} : { title: context.server.title }),
  };
  const completes = prompts.completes || resources.templates.length > 0;
  const options = {
    capabilities: {
      tools: { listChanged: false },
      logging: {},
      ...(resources.empty ? {} : { resources: { listChanged: false } }),
      ...(prompts.empty ? {} : { prompts: { listChanged: false } }),
      ...(completes ? { completions: {} } : {}),
    },
    ...(context.instructions === undefined ? {} : { instructions: context.instructions }),
    // A tampered or expired state is refused (-32602) before the route runs.
    requestState: { verify: states.verify },
    // 2025-era input is asked by `callTool` itself (legacy-input.ts): the SDK's shim waits for
    // the answer on the instance that sent the request, which a stateless server never sees again.
    inputRequired: { legacyShim: false },
  };

  return ({ requestInfo, era }: { requestInfo?: Request; era: "legacy" | "modern" }) => {
    const http = requestInfo as Request;
    const server = new Server(info, options);
    if (era === "legacy") {
      server.setNotificationHandler("notifications/cancelled", ({ params }) => {
        legacy.relay.cancel(http, params.requestId, params.reason);
      });
    }
    server.setRequestHandler("tools/list", () => listed);
    // A 2025-era request's way to its client: the SDK's transport writes on the call's stream.
    const toClient = (exchange: ServerContext): LegacyExchange | undefined =>
      era === "modern"
        ? undefined
        : {
            caller: callerOf(http),
            answers: legacy.answers,
            send: async (request) => {
              if (server.transport === undefined) throw new Error("the call's stream is closed");
              await server.transport.send(request, { relatedRequestId: exchange.mcpReq.id });
            },
          };
    server.setRequestHandler("tools/call", ({ params }, exchange) => {
      const ask = toClient(exchange);
      return callTool(context, byName, {
        name: params.name,
        arguments: params.arguments ?? {},
        exchange,
        http,
        states,
        ...(ask === undefined ? {} : { legacy: { ...ask, calls: legacy.calls } }),
      });
    });
    if (!resources.empty) {
      server.setRequestHandler("resources/list", () => ({ resources: resources.resources }));
      server.setRequestHandler("resources/templates/list", () => ({
        resourceTemplates: resources.templates,
      }));
      server.setRequestHandler("resources/read", ({ params }, exchange) =>
        resources.read(params.uri, http, exchange.mcpReq.signal),
      );
    }
    if (!prompts.empty) {
      server.setRequestHandler("prompts/list", () => ({ prompts: prompts.listed }));
      server.setRequestHandler("prompts/get", ({ params }, exchange) =>
        getPrompt(prompts, params, http, exchange, states, toClient(exchange)),
      );
    }
    if (completes) {
      server.setRequestHandler("completion/complete", async ({ params }) => {
        const { ref, argument } = params;
        const others = params.context?.arguments ?? {};
        const values =
          ref.type === "ref/prompt"
            ? await prompts.complete(ref.name, argument.name, argument.value, others)
            : await resources.complete(ref.uri, argument.name, argument.value);
        return { completion: { values, total: values.length, hasMore: false } };
      });
    }
    return server;
  };
}
