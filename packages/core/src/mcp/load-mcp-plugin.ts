import { createRequire } from "node:module";
import { configError } from "../errors/core-config-error.js";
import type { McpPlugin } from "./mcp-plugin.js";

// The one place core names the MCP package: `mcp` loads it by name, so core needs no MCP SDK.
export const mcpPackage = "@trellis/mcp";
const install = `bun add ${mcpPackage}`;

const missing = (why: string, cause?: unknown) =>
  configError(
    "MCP_PLUGIN_MISSING",
    [why, install, mcpPackage],
    cause === undefined ? undefined : { cause },
  );

/**
 * `mcpServer()` of `@trellis/mcp`, loaded synchronously (createApp is synchronous; Bun's `require`
 * loads ESM) from the app's working directory first, then from core's own location; a single-file
 * executable registers it by importing the package.
 */
export function loadMcpPlugin(
  searchFrom: readonly string[] = [`${process.cwd()}/package.json`, import.meta.url],
): McpPlugin {
  const registered = (globalThis as Record<symbol, unknown>)[Symbol.for(mcpPackage)];
  let loaded: unknown = registered;
  for (const from of registered === undefined ? searchFrom : []) {
    let resolved: string;
    try {
      resolved = createRequire(from).resolve(mcpPackage);
    } catch {
      continue; // not installed where this place can see it: try the next one
    }
    try {
      loaded = createRequire(from)(resolved);
    } catch (cause) {
      const reason = cause instanceof Error ? cause.message : String(cause);
      throw missing(
        `${mcpPackage} was found at ${resolved} and could not be loaded (${reason})`,
        cause,
      );
    }
    break;
  }
  if (loaded === undefined) throw missing(`the package ${mcpPackage} is not installed`);
  const factory = (loaded as { mcpServer?: unknown }).mcpServer;
  const plugin: unknown = typeof factory === "function" ? factory() : undefined;
  if (!isMcpPlugin(plugin)) {
    throw missing(
      `${mcpPackage} does not give mcpServer() returning a plugin (a version that does not match @trellis/core)`,
    );
  }
  return plugin;
}

export function isMcpPlugin(value: unknown): value is McpPlugin {
  return (
    typeof value === "object" &&
    value !== null &&
    typeof (value as { handler?: unknown }).handler === "function"
  );
}
