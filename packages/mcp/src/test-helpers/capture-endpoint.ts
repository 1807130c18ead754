import type { AppPlugin } from "@trellis/core/extend";
import type { McpOptions } from "../planning/mcp-options.js";
import type { McpHandler, McpPluginContext } from "../planning/mcp-plugin.js";
import { mcpSettings } from "../planning/mcp-settings.js";
import { mcpEndpoint } from "../planning/mount-mcp.js";

/** An MCP endpoint plugin whose server keeps what the planner hands it and answers with `answer`. */
export function captureEndpoint(
  options: McpOptions = {},
  answer: McpHandler = async () => new Response(null, { status: 204 }),
): AppPlugin & { context?: McpPluginContext } {
  const endpoint = mcpEndpoint(mcpSettings(options), {
    name: "capture",
    handler(context) {
      plugin.context = context;
      return answer;
    },
  });
  const plugin: AppPlugin & { context?: McpPluginContext } = {
    name: endpoint.name,
    mount: (context) => endpoint.mount(context),
  };
  return plugin;
}
