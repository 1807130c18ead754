import type { AppSchemas, JsonSchema, Operation } from "@trellis/core/extend";
import { mcpError } from "../mcp-errors.js";
import type { McpSettings } from "./mcp-options.js";
import type { McpToolAnnotations, McpToolPlan } from "./mcp-plugin.js";
import { type McpToolOptions, type McpToolUse, mcpToolFeature } from "./mcp-tool.js";
import { SelfContained } from "./self-contained-schema.js";
import { toolInput } from "./tool-input-schema.js";
import { toolAccept, toolOutput } from "./tool-output-schema.js";

// MCP 2025-11-25 tool names: 1 to 128 of A-Z a-z 0-9 _ - .
const toolName = /^[A-Za-z0-9_.-]{1,128}$/;
const optionKeys = new Set(["name", "title", "description"]);

/** `@McpTool`'s value checked: false (out), or the options of a tool (in). */
function checkSetting(value: unknown, onClass: boolean, where: string): false | McpToolOptions {
  if (value === false) return false;
  if (value === true || value === undefined) return {};
  const fail = (why: string): never => {
    throw mcpError("INVALID_MCP_OPTIONS", [`${where}: @McpTool`, why]);
  };
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    return fail("takes true, false or { name?, title?, description? }.");
  }
  for (const [key, option] of Object.entries(value)) {
    if (!optionKeys.has(key)) fail(`has an unknown option "${key}".`);
    if (typeof option !== "string" || option.trim() === "")
      fail(`${key} must be a non-empty string.`);
  }
  if (onClass && "name" in value) fail("on a class cannot name a tool: name each method's.");
  return value as McpToolOptions;
}

/** What the HTTP method tells an agent about a call (MCP tool annotations). */
function annotationsOf(operation: Operation, title: string | undefined): McpToolAnnotations {
  const { method } = operation;
  const readOnly = method === "GET" || method === "HEAD";
  return {
    ...(title === undefined ? {} : { title }),
    readOnlyHint: readOnly,
    ...(readOnly
      ? {}
      : {
          destructiveHint: method === "DELETE" || method === "PUT",
          idempotentHint:
            method === "PUT" ||
            method === "DELETE" ||
            (operation.features ?? []).some((use) => use.tool?.idempotent === true),
        }),
    openWorldHint: false,
  };
}

const withDefinitions = (schema: JsonSchema, schemas: SelfContained): JsonSchema => {
  const definitions = schemas.definitions();
  return definitions === undefined ? schema : { ...schema, $defs: definitions };
};

/** The `@McpTool` of an operation, as the feature carried it (the method's, else its class's). */
const mcpToolOf = (operation: Operation): McpToolUse | undefined =>
  operation.features?.find(({ feature }) => feature === mcpToolFeature)?.plan as
    | McpToolUse
    | undefined;

/**
 * The MCP tools of an app, once, at startup, each with the operation a call of it runs: one per
 * routed operation (in `"opt-in"` mode, per operation marked `@McpTool()`), never a `@Hidden` one,
 * an event stream or an upload; an operation that reads the raw request (`@Req()`) only when
 * marked. Names follow MCP's rules and are unique.
 */
export function planMcpTools(
  operations: readonly Operation[],
  registry: AppSchemas,
  settings: McpSettings,
): { readonly plan: McpToolPlan; readonly operation: Operation }[] {
  const names = new Map<string, string>();
  const plans: { plan: McpToolPlan; operation: Operation }[] = [];
  for (const operation of operations) {
    const { controller, handlerName, docs } = operation;
    const where = `${controller.name}.${handlerName}`;
    const found = mcpToolOf(operation);
    const setting =
      found === undefined ? undefined : checkSetting(found.value, found.onClass, where);
    if (setting === false || docs.hidden || operation.sse !== undefined) continue;
    if (setting === undefined && settings.tools === "opt-in") continue;
    const body = operation.bindings.find((binding) => binding.kind === "body");
    if (body?.contentType === "multipart/form-data") {
      if (found !== undefined && !found.onClass) {
        throw mcpError("INVALID_MCP_OPTIONS", [
          `${where}: @McpTool`,
          "is on an upload (multipart/form-data), which a tool call cannot send.",
        ]);
      }
      continue;
    }
    // What a handler reads from the raw request no schema shows: an agent could not know it. A
    // `@RequestValue` (the principal) is the server's own reading, not an argument: it stays a tool.
    if (
      setting === undefined &&
      operation.bindings.some((binding) => binding.kind === "request" && binding.read === undefined)
    )
      continue;

    const options = setting ?? {};
    const name = options.name ?? docs.operationId;
    if (!toolName.test(name)) {
      throw mcpError("INVALID_MCP_TOOL_NAME", [where, JSON.stringify(name)]);
    }
    const other = names.get(name);
    if (other !== undefined) {
      throw mcpError("DUPLICATE_MCP_TOOL", [where, other, name]);
    }
    names.set(name, where);

    const inputs = new SelfContained(registry);
    const input = toolInput(operation, registry, inputs, where);
    const outputs = new SelfContained(registry);
    const output = toolOutput(operation, registry, outputs);
    const title = options.title ?? docs.summary;
    const text = [docs.summary, docs.description].filter(Boolean).join("\n\n");
    const description = options.description ?? (text === "" ? undefined : text);
    const plan: McpToolPlan = {
      tool: {
        name,
        ...(title === undefined ? {} : { title }),
        ...(description === undefined ? {} : { description }),
        inputSchema: withDefinitions(input.schema, inputs),
        ...(output.schema === undefined
          ? {}
          : { outputSchema: withDefinitions(output.schema, outputs) }),
        annotations: annotationsOf(operation, title),
      },
      method: operation.method,
      path: operation.path,
      arguments: input.arguments,
      bodyType:
        body === undefined || body.kind !== "body"
          ? undefined
          : (body.contentType as McpToolPlan["bodyType"]),
      accept: toolAccept(operation),
      output: output.shape,
      ...(operation.version?.header === undefined
        ? {}
        : { headers: { [operation.version.header]: operation.version.value } }),
    };
    plans.push({ plan, operation });
  }
  return plans;
}
