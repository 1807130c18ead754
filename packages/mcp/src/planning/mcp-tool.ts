import { featureKey, type RouteFeature } from "@trellis/core/extend";

/** What `@McpTool` may say about one operation's tool. */
export interface McpToolOptions {
  /** The tool's name (default: the operationId). */
  readonly name?: string;
  /** The tool's title (default: the summary). */
  readonly title?: string;
  /** The tool's description (default: the summary and the description). */
  readonly description?: string;
}

/**
 * What `@McpTool` recorded, boxed: the feature contract reads a bare `false` as "no setting", and
 * `@McpTool(false)` must reach the planner as a "no" that wins over a class's "yes".
 */
interface McpToolSetting {
  readonly tool: unknown;
}

/** One route's `@McpTool`, as written (checked when the tools are planned): the method's or a class's. */
export interface McpToolUse {
  readonly value: unknown;
  readonly onClass: boolean;
}

export const mcpToolFeature = "mcp-tool";

const key = featureKey<McpToolSetting>("@McpTool", () => mcpTools());

/**
 * Makes an operation an MCP tool, or not. `@McpTool(false)` leaves it (or, on a class, every
 * operation of the class) out of `tools/list`; `@McpTool()` puts it in when `tools` is
 * `"opt-in"`; `@McpTool({ name, title, description })` also renames or redescribes it. The method's
 * setting wins over its class's (core resolves it, as for every feature). `@Hidden` operations are
 * never tools.
 *
 * @example
 * @Delete("/:id")
 * @McpTool(false) // agents may not delete users
 * remove(@Param("id") id: string) { ... }
 */
export function McpTool(
  setting: boolean | McpToolOptions = true,
): ClassDecorator & MethodDecorator {
  return key.record({ tool: setting });
}

/**
 * The feature behind `@McpTool` (installed by the decorator): it only carries each route's
 * setting to the MCP planner, with no stage and no document fragment, so a route pays nothing.
 * Its value is checked when an endpoint plans the tools: an app without one is not refused for it.
 */
export function mcpTools(): RouteFeature<McpToolSetting, McpToolUse> {
  return {
    name: mcpToolFeature,
    key,
    plan: ({ value, from }) => ({ value: value.tool, onClass: from !== "method" }),
  };
}
