import { typebox } from "@trellis/adapter-typebox";
import { type App, createApp } from "@trellis/core";
import { mcpServer } from "@trellis/mcp";
import { FixtureClientRequestTools } from "./client-request-tools.js";
import { FixtureInputTools } from "./input-tools.js";
import { prompts } from "./prompts.js";
import { FixtureResources } from "./resources.js";
import { FixtureTools } from "./tools.js";

/**
 * The app the official conformance suite checks: its fixture tools, resources and prompts,
 * declared through Trellis's public API (routes, `@McpTool`, `@McpResource`, `mcpServer` options).
 */
export function conformanceApp(): App {
  return createApp({
    schema: typebox(),
    controllers: [FixtureTools, FixtureInputTools, FixtureClientRequestTools, FixtureResources],
    // The request logger's lines reach MCP clients; the console need not repeat them.
    logger: { error: (...line: unknown[]) => console.error(...line) },
    openapi: { service: { name: "trellis-conformance", version: "1.0.0" } },
    plugins: [mcpServer({ tools: "opt-in", prompts })],
  });
}
