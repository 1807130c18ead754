import { mcpError } from "../mcp-errors.js";
import type { McpOptions, McpSettings } from "./mcp-options.js";

const known = new Set([
  "path",
  "name",
  "version",
  "instructions",
  "tools",
  "allowedOrigins",
  "authorization",
  // The server's own (checked by mcpServer itself).
  "prompts",
  "stateKey",
  "pubsub",
  "inputAnswers",
]);

/** Checks the endpoint options of `mcpServer(options)`. */
export function mcpSettings(value: unknown): McpSettings {
  const fail = (why: string): never => {
    throw mcpError("INVALID_MCP_OPTIONS", ["mcpServer(options)", why]);
  };
  if (
    value !== undefined &&
    (typeof value !== "object" || value === null || Array.isArray(value))
  ) {
    fail(
      "must be { path?, name?, version?, instructions?, tools?, allowedOrigins?, authorization?, prompts?, stateKey?, pubsub?, inputAnswers? }.",
    );
  }
  const options = (value ?? {}) as McpOptions;
  for (const key of Object.keys(options))
    if (!known.has(key)) fail(`has an unknown option "${key}".`);
  const { path = "/mcp", tools = "all" } = options;
  if (
    typeof path !== "string" ||
    !/^\/[A-Za-z0-9._~!$&'()+,;=@%/-]*$/.test(path) ||
    path.includes("//")
  ) {
    fail(
      `path ${JSON.stringify(path)} must be an absolute path without parameters, query or spaces.`,
    );
  }
  for (const key of ["name", "version", "instructions"] as const) {
    const text = options[key];
    if (text !== undefined && (typeof text !== "string" || text.trim() === "")) {
      fail(`${key} must be a non-empty string.`);
    }
  }
  if (tools !== "all" && tools !== "opt-in") fail('tools must be "all" or "opt-in".');
  const { allowedOrigins = [] } = options;
  const origins = Array.isArray(allowedOrigins) ? allowedOrigins : [undefined];
  for (const origin of origins) {
    let valid = false;
    try {
      valid = typeof origin === "string" && new URL(origin).origin === origin;
    } catch {}
    if (!valid) fail(`allowedOrigins must list origins such as "https://agent.example.com".`);
  }
  const { authorization } = options;
  if (authorization !== undefined && authorization !== false) {
    const valid =
      typeof authorization === "object" &&
      authorization !== null &&
      Object.keys(authorization).every((key) => key === "scheme" || key === "resource") &&
      ["string", "undefined"].includes(typeof authorization.scheme) &&
      ["string", "undefined"].includes(typeof authorization.resource);
    if (!valid) fail("authorization must be false or { scheme?, resource? } (strings).");
  }
  return {
    path,
    name: options.name,
    version: options.version,
    instructions: options.instructions,
    tools,
    allowedOrigins: origins as string[],
    authorization,
  };
}
