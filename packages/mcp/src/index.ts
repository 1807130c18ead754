export type { McpPrompt, McpPromptArgument } from "./mcp-prompts.js";
export {
  McpResource,
  type McpResourceOptions,
  type McpResourcePlan,
  mcpResources,
} from "./mcp-resource.js";
export { type McpServerOptions, mcpServer } from "./mcp-server.js";
export { reportProgress } from "./progress.js";
