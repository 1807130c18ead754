import { defineConfigErrors } from "@trellis/core/extend";

/** The startup error codes of @trellis/mcp, with their message templates (README lists them). */
export const mcpErrors = {
  INVALID_MCP_SERVER_OPTIONS: {
    meaning:
      "mcpServer(options) holds a prompt without a valid name or messages, two prompts of one name, a stateKey under 32 bytes, a pubsub without a stateKey, or inputAnswers bounds that are not positive integers",
    message: "mcpServer: %s",
  },
  INVALID_MCP_RESOURCE: {
    meaning: "@McpResource is not on a GET route, or its uri or template does not match the route",
    message: "%s: @McpResource %s",
  },
  INVALID_MCP_OPTIONS: {
    meaning:
      "an endpoint option of mcpServer() or an `@McpTool` is not valid, the endpoint's path is a route already, `@McpTool` is on an upload, or `authorization` names no bearer check or a resource its audience lacks",
    message: "%s %s",
  },
  INVALID_MCP_TOOL_NAME: {
    meaning:
      'an MCP tool name (the operationId or `@McpTool` name) is not 1 to 128 of A-Z, a-z, 0-9, "_", "-", "."',
    message:
      '%s: the tool name %s breaks MCP\'s rules (1 to 128 of A-Z, a-z, 0-9, "_", "-", "."); give one with @McpTool({ name }).',
  },
  DUPLICATE_MCP_TOOL: {
    meaning: "two operations would be MCP tools of one name",
    message: '%s and %s are both the MCP tool "%s"; rename one with @McpTool({ name }).',
  },
  MCP_ARGUMENT_CONFLICT: {
    meaning:
      "two inputs of one operation (path, query, header, cookie parameters, the body) would be one MCP tool argument",
    message:
      '%s: the %s input "%s" and the %s input "%s" would be one tool argument; rename one, or leave the operation out of MCP with @McpTool(false).',
  },
} as const;

declare module "@trellis/core/extend" {
  interface FeatureErrorCodes {
    INVALID_MCP_SERVER_OPTIONS: typeof mcpErrors.INVALID_MCP_SERVER_OPTIONS.meaning;
    INVALID_MCP_RESOURCE: typeof mcpErrors.INVALID_MCP_RESOURCE.meaning;
    INVALID_MCP_OPTIONS: typeof mcpErrors.INVALID_MCP_OPTIONS.meaning;
    INVALID_MCP_TOOL_NAME: typeof mcpErrors.INVALID_MCP_TOOL_NAME.meaning;
    DUPLICATE_MCP_TOOL: typeof mcpErrors.DUPLICATE_MCP_TOOL.meaning;
    MCP_ARGUMENT_CONFLICT: typeof mcpErrors.MCP_ARGUMENT_CONFLICT.meaning;
  }
}

/** Makes the startup error of one of this package's codes from its template. */
export const mcpError = defineConfigErrors(mcpErrors);
