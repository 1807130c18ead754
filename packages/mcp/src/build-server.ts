import { type ListToolsResult, Server } from "@modelcontextprotocol/server";
import type { McpPluginContext, McpToolPlan } from "@trellis/core";
import { callTool } from "./call-tool.js";
import { cancelLegacyCall } from "./legacy-cancel.js";
import type { PromptCatalog } from "./mcp-prompts.js";
import type { ResourceCatalog } from "./resource-catalog.js";

/** What every request's server is made from: planned once, at startup. */
export interface ServerParts {
  readonly context: McpPluginContext;
  readonly resources: ResourceCatalog;
  readonly prompts: PromptCatalog;
}

/**
 * Makes the server factory of `createMcpHandler`: each request gets a fresh SDK server with the
 * app's tools, resources and prompts, and the capabilities those give (no empty capability is
 * declared: a client reads "prompts" as "there are prompts").
 */
export function serverFactory({ context, resources, prompts }: ServerParts) {
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
  };

  return ({ requestInfo, era }: { requestInfo?: Request; era: "legacy" | "modern" }) => {
    const http = requestInfo as Request;
    const server = new Server(info, options);
    if (era === "legacy") {
      server.setNotificationHandler("notifications/cancelled", ({ params }) => {
        cancelLegacyCall(http, params.requestId, params.reason);
      });
    }
    server.setRequestHandler("tools/list", () => listed);
    server.setRequestHandler("tools/call", ({ params }, exchange) =>
      callTool(context, byName, {
        name: params.name,
        arguments: params.arguments ?? {},
        exchange,
        http,
        era,
      }),
    );
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
      server.setRequestHandler("prompts/get", ({ params }) =>
        prompts.get(params.name, params.arguments ?? {}, http),
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
