import { methodTarget } from "../metadata/decorator-target.js";
import type { MethodMetadata } from "../metadata/metadata-store.js";

/** What `@McpTool` may say about one operation's tool. */
export interface McpToolOptions {
  /** The tool's name (default: the operationId). */
  readonly name?: string;
  /** The tool's title (default: the summary). */
  readonly title?: string;
  /** The tool's description (default: the summary and the description). */
  readonly description?: string;
}

// As written: checked when the tools are planned, where the route's name is known.
const methods = new WeakMap<MethodMetadata, unknown>();
const classes = new WeakMap<Function, unknown>();

/**
 * Makes an operation an MCP tool, or not. `@McpTool(false)` leaves it (or, on a class, every
 * operation of the class) out of `tools/list`; `@McpTool()` puts it in when `mcp.tools` is
 * `"opt-in"`; `@McpTool({ name, title, description })` also renames or redescribes it. The method's
 * setting wins over its class's. `@Hidden` operations are never tools.
 *
 * @example
 * @Delete("/:id")
 * @McpTool(false) // agents may not delete users
 * remove(@Param("id") id: string) { ... }
 */
export function McpTool(
  setting: boolean | McpToolOptions = true,
): ClassDecorator & MethodDecorator {
  return ((target: object, key?: string | symbol) => {
    if (key === undefined) {
      classes.set(target as Function, setting);
      return;
    }
    const metadata = methodTarget("@McpTool", target, key);
    if (metadata) methods.set(metadata, setting);
  }) as ClassDecorator & MethodDecorator;
}

/** The `@McpTool` that applies: the method's, else the nearest class's; `onClass` says which. */
export function readMcpTool(
  controller: Function,
  method: MethodMetadata | undefined,
): { readonly value: unknown; readonly onClass: boolean } | undefined {
  if (method !== undefined && methods.has(method)) {
    return { value: methods.get(method), onClass: false };
  }
  for (
    let current: unknown = controller;
    typeof current === "function" && current !== Function.prototype;
    current = Object.getPrototypeOf(current)
  ) {
    if (classes.has(current as Function)) {
      return { value: classes.get(current as Function), onClass: true };
    }
  }
  return undefined;
}
