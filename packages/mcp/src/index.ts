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
export { reportProgress } from "./progress.js";
