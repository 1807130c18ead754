import { defineConfigErrors } from "@trellis/core";

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
} as const;

declare module "@trellis/core" {
  interface FeatureErrorCodes {
    INVALID_MCP_SERVER_OPTIONS: typeof mcpErrors.INVALID_MCP_SERVER_OPTIONS.meaning;
    INVALID_MCP_RESOURCE: typeof mcpErrors.INVALID_MCP_RESOURCE.meaning;
  }
}

/** Makes the startup error of one of this package's codes from its template. */
export const mcpError = defineConfigErrors(mcpErrors);
