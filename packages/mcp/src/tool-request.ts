import { maxIssues } from "@trellis/core/extend";
import { forwardedHeaders } from "./forwarded-headers.js";
import { segmentProblem } from "./path-segment.js";
import type { McpPluginContext, McpToolPlan } from "./planning/mcp-plugin.js";

/** A 400 problem about the arguments themselves, shaped like the app's validation problems. */
export interface ArgumentProblem {
  readonly type: "about:blank";
  readonly title: "Bad Request";
  readonly status: 400;
  readonly detail: string;
  readonly errors: readonly {
    readonly in: "arguments";
    readonly path: string;
    readonly message: string;
  }[];
}

const text = (value: unknown): string =>
  typeof value === "string"
    ? value
    : typeof value === "object"
      ? JSON.stringify(value)
      : String(value);

const pointer = (name: string) => `/${name.replaceAll("~", "~0").replaceAll("/", "~1")}`;

/** The form-encoded body of an object argument (arrays as repeated keys). */
function formBody(value: unknown): string {
  const form = new URLSearchParams();
  if (typeof value === "object" && value !== null) {
    for (const [key, item] of Object.entries(value)) {
      for (const one of Array.isArray(item) ? item : [item]) {
        if (one !== undefined && one !== null) form.append(key, text(one));
      }
    }
  }
  return form.toString();
}

/**
 * The JSON-RPC "invalid params" error (-32602) of a call whose arguments could reach another path
 * than its route's: the SDK answers an error carrying a numeric `code` as that code.
 */
export class InvalidToolArguments extends Error {
  readonly code = -32602;
  readonly data: { readonly argument: string };
  constructor(argument: string, why: string) {
    super(`Invalid params: the path argument "${argument}" ${why}`);
    this.data = { argument };
  }
}

/** The issues of arguments the tool does not have, the first `maxIssues` ones as over HTTP. */
function unknownArguments(plan: McpToolPlan, args: Readonly<Record<string, unknown>>) {
  const known = new Set(plan.arguments.map(({ name }) => name));
  const issues: { name: string; message: string }[] = [];
  for (const name in args) {
    if (issues.length === maxIssues) break;
    if (!known.has(name))
      issues.push({ name, message: `${plan.tool.name} has no argument "${name}"` });
  }
  return issues;
}

/**
 * The HTTP request a tool call stands for: the route's method and path with its parameters filled
 * in (percent-encoded), the query string, header and cookie arguments, the body, and the MCP
 * request's own headers (Authorization, cookies, X-Request-ID...) so the route's security, guards
 * and logs see the caller. A path argument is one segment or the call is refused (-32602, thrown
 * as `InvalidToolArguments`): `..` or `/` in it would make another path. Arguments the tool does
 * not have are a 400 problem, never dropped, listing at most `maxIssues` of them as a 400 over
 * HTTP does; the route validates the rest, as it validates an HTTP request.
 */
export function toolRequest(
  plan: McpToolPlan,
  args: Readonly<Record<string, unknown>>,
  mcpRequest: Request,
  context: Pick<McpPluginContext, "requestId" | "requestIdHeader">,
): { readonly request: Request } | { readonly problem: ArgumentProblem } {
  for (const { name, in: location } of plan.arguments) {
    const value = Object.hasOwn(args, name) ? args[name] : undefined;
    if (location !== "path" || value === undefined || value === null) continue;
    const why = segmentProblem(text(value));
    if (why !== undefined) throw new InvalidToolArguments(name, why);
  }
  const issues = [
    ...unknownArguments(plan, args),
    // A path without its parameter is another URL: said here, as the route cannot say it.
    ...plan.arguments
      .filter((arg) => arg.in === "path" && (args[arg.name] ?? undefined) === undefined)
      .map(({ name }) => ({ name, message: `the argument "${name}" is required` })),
  ].slice(0, maxIssues);
  if (issues.length > 0) return { problem: argumentProblem(issues) };
  try {
    return { request: buildRequest(plan, args, mcpRequest, context) };
  } catch {
    // Headers refuse values with line breaks or other bytes HTTP forbids.
    const name = plan.arguments.find((arg) => arg.in === "header" || arg.in === "cookie")?.name;
    return {
      problem: argumentProblem([
        { name: name ?? "", message: "a header or cookie argument holds characters HTTP forbids" },
      ]),
    };
  }
}

function argumentProblem(issues: readonly { name: string; message: string }[]): ArgumentProblem {
  return {
    type: "about:blank",
    title: "Bad Request",
    status: 400,
    detail: "Invalid tool arguments",
    errors: issues.map(({ name, message }) => ({ in: "arguments", path: pointer(name), message })),
  };
}

function buildRequest(
  plan: McpToolPlan,
  args: Readonly<Record<string, unknown>>,
  mcpRequest: Request,
  context: Pick<McpPluginContext, "requestId" | "requestIdHeader">,
): Request {
  const headers = forwardedHeaders(mcpRequest, context);
  headers.set("accept", plan.accept);

  const segments = plan.path.split("/");
  const query = new URLSearchParams();
  const cookies: string[] = [];
  let body: string | undefined;
  for (const { name, in: location } of plan.arguments) {
    const value = Object.hasOwn(args, name) ? args[name] : undefined;
    if (value === undefined) continue;
    if (location === "path") {
      const at = segments.indexOf(`:${name}`);
      if (at >= 0) segments[at] = encodeURIComponent(text(value));
    } else if (location === "query") {
      for (const one of Array.isArray(value) ? value : [value]) query.append(name, text(one));
    } else if (location === "header") {
      headers.set(name, Array.isArray(value) ? value.map(text).join(", ") : text(value));
    } else if (location === "cookie") {
      cookies.push(`${name}=${encodeURIComponent(text(value))}`);
    } else if (plan.bodyType === "application/x-www-form-urlencoded") {
      body = formBody(value);
    } else {
      body = JSON.stringify(value);
    }
  }
  if (cookies.length > 0) {
    headers.set("cookie", [headers.get("cookie"), ...cookies].filter(Boolean).join("; "));
  }
  if (body !== undefined) headers.set("content-type", plan.bodyType ?? "application/json");
  // The operation's own (its version), last: what the route must see, whatever else was sent.
  for (const [name, value] of Object.entries(plan.headers ?? {})) headers.set(name, value);
  const search = query.size > 0 ? `?${query}` : "";
  const url = new URL(`${segments.join("/")}${search}`, mcpRequest.url).href;
  return new Request(url, {
    method: plan.method,
    headers,
    ...(body === undefined ? {} : { body }),
  });
}
