export {
  askForInput,
  clientCapabilities,
  type InputAsked,
  inputResponses,
  inputState,
} from "./input-required.js";
export type {
  McpPrompt,
  McpPromptAnswer,
  McpPromptArgument,
  McpPromptInput,
} from "./mcp-prompts.js";
export {
  McpResource,
  type McpResourceOptions,
  type McpResourcePlan,
  mcpResources,
} from "./mcp-resource.js";
export { type McpServerOptions, mcpServer } from "./mcp-server.js";
export type { McpAuthorizationOptions, McpOptions } from "./planning/mcp-options.js";
export type {
  McpArgument,
  McpOutputShape,
  McpToolAnnotations,
  McpToolDefinition,
  McpToolPlan,
} from "./planning/mcp-plugin.js";
export { McpTool, type McpToolOptions, mcpTools } from "./planning/mcp-tool.js";
export { reportProgress } from "./progress.js";
