import { featureKey, type RouteFeature } from "@trellis/core/extend";
import { mcpError } from "./mcp-errors.js";

/** What `@McpResource` says about a GET operation served as an MCP resource. */
export interface McpResourceOptions {
  /**
   * The resource's URI (`docs://guide`), or a URI template (RFC 6570, simple `{name}`
   * expressions: `notes://{id}`) whose variables are the route's path parameters, and any of its
   * query parameters. A template is listed by `resources/templates/list`, a URI by `resources/list`.
   */
  readonly uri: string;
  /** The resource's name (default: the operationId). */
  readonly name?: string;
  /** Its title (default: the summary). */
  readonly title?: string;
  /** Its description (default: the route's description). */
  readonly description?: string;
  /** The media type it is read as (`Accept` of the read; default: what the route answers). */
  readonly mimeType?: string;
  /** Suggestions for a template variable's value (`completion/complete`), by variable name. */
  readonly complete?: Readonly<
    Record<string, (value: string) => readonly string[] | Promise<readonly string[]>>
  >;
}

/** One resource planned at startup: the options checked, and how its read becomes a GET. */
export interface McpResourcePlan extends McpResourceOptions {
  /** The template's variables, in order; empty for a plain URI. */
  readonly variables: readonly string[];
  /** Which variables are path parameters (the others are query parameters). */
  readonly pathParameters: readonly string[];
}

export const mcpResourceFeature = "mcp-resource";
const expression = /\{([A-Za-z0-9_]+)\}/g;

const key = featureKey<McpResourceOptions>("@McpResource", () => mcpResources());

/**
 * Serves a GET operation as an MCP resource as well: `resources/read` of its URI answers what the
 * route answers (through the same pipeline: security, guards, validation). Opt-in, route by route.
 *
 * @example
 * @Get("/:id")
 * @McpResource({ uri: "notes://{id}", mimeType: "application/json" })
 * get(@Param("id") id: string) { ... }
 */
export const McpResource = (options: McpResourceOptions): ClassDecorator & MethodDecorator =>
  key.record(options);

/** The feature behind `@McpResource` (installed by the decorator; list it to be explicit). */
export function mcpResources(): RouteFeature<McpResourceOptions, McpResourcePlan> {
  return {
    name: mcpResourceFeature,
    key,
    plan({ value, from }, operation, { where }) {
      const fail = (why: string): never => {
        throw mcpError("INVALID_MCP_RESOURCE", [where, why]);
      };
      if (from !== "method") fail("belongs on a method: each resource has its own URI.");
      if (operation.method !== "GET") fail(`is for GET routes, not ${operation.method}.`);
      if (typeof value?.uri !== "string" || !/^[A-Za-z][A-Za-z0-9+.-]*:/.test(value.uri)) {
        fail('needs a uri with a scheme, such as "notes://{id}".');
      }
      for (const field of ["name", "title", "description", "mimeType"] as const) {
        const text = value[field];
        if (text !== undefined && (typeof text !== "string" || text.trim() === "")) {
          fail(`${field} must be a non-empty string.`);
        }
      }
      const variables = [...value.uri.matchAll(expression)].map((match) => match[1] as string);
      if (/[{}]/.test(value.uri.replace(expression, ""))) {
        fail(`uri ${value.uri} may hold only simple {name} expressions.`);
      }
      const parameters = operation.bindings.flatMap((binding) =>
        binding.kind === "parameter" && binding.name !== undefined ? [binding] : [],
      );
      const pathParameters = parameters.filter((one) => one.in === "path").map((one) => one.name);
      const queryParameters = new Set(
        parameters.filter((one) => one.in === "query").map((one) => one.name),
      );
      for (const name of pathParameters) {
        if (!variables.includes(name as string))
          fail(`uri has no {${name}} for the path parameter.`);
      }
      for (const name of variables) {
        if (!pathParameters.includes(name) && !queryParameters.has(name)) {
          fail(`uri's {${name}} is neither a path nor a query parameter of the route.`);
        }
      }
      for (const [name, complete] of Object.entries(value.complete ?? {})) {
        if (!variables.includes(name) || typeof complete !== "function") {
          fail(`complete.${name} must be a function for a variable of the uri.`);
        }
      }
      return { ...value, variables, pathParameters: pathParameters as string[] };
    },
  };
}
