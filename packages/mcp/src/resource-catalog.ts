import {
  ProtocolError,
  ProtocolErrorCode,
  type ReadResourceResult,
  type Resource,
  ResourceNotFoundError,
  type ResourceTemplateType,
} from "@modelcontextprotocol/server";
import { forwardedHeaders } from "./forwarded-headers.js";
import { type McpResourcePlan, mcpResourceFeature } from "./mcp-resource.js";
import { segmentProblem } from "./path-segment.js";
import type { McpPluginContext, McpRoute } from "./planning/mcp-plugin.js";

interface Entry {
  readonly plan: McpResourcePlan;
  readonly route: McpRoute;
  /** Matches a URI of the template and captures its variables, in order. */
  readonly pattern: RegExp;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const isText = (type: string) =>
  type.startsWith("text/") ||
  type === "application/json" ||
  type.endsWith("+json") ||
  type.endsWith("+xml") ||
  type === "application/xml";

/** The resources of an app's `@McpResource` routes: listed, read and completed, planned once. */
export class ResourceCatalog {
  private readonly entries: Entry[] = [];
  readonly resources: Resource[] = [];
  readonly templates: ResourceTemplateType[] = [];

  constructor(private readonly context: McpPluginContext) {
    for (const route of context.routes) {
      const use = route.features.find(({ feature }) => feature === mcpResourceFeature);
      if (use === undefined) continue;
      const plan = use.plan as McpResourcePlan;
      const literal = plan.uri.split(/\{[A-Za-z0-9_]+\}/).map(escapeRegExp);
      const pattern = new RegExp(`^${literal.join("([^/?#]+)")}$`);
      this.entries.push({ plan, route, pattern });
      const described = {
        name: plan.name ?? route.operationId,
        ...((plan.title ?? route.summary) === undefined
          ? {}
          : { title: (plan.title ?? route.summary) as string }),
        ...((plan.description ?? route.description) === undefined
          ? {}
          : { description: (plan.description ?? route.description) as string }),
        ...(plan.mimeType === undefined ? {} : { mimeType: plan.mimeType }),
      };
      if (plan.variables.length === 0) this.resources.push({ uri: plan.uri, ...described });
      else this.templates.push({ uriTemplate: plan.uri, ...described });
    }
  }

  get empty(): boolean {
    return this.entries.length === 0;
  }

  /** `resources/read`: the GET its route stands for, run as that route alone (never re-matched by URL). */
  async read(uri: string, http: Request, signal: AbortSignal): Promise<ReadResourceResult> {
    // A URI of its own before a template that would match it too (books://catalog, books://{id}).
    const exact = this.entries.filter(({ plan }) => plan.uri === uri);
    for (const { plan, route, pattern } of [...exact, ...this.entries]) {
      const match = pattern.exec(uri);
      if (match === null) continue;
      const values = new Map<string, string>();
      for (const [index, name] of plan.variables.entries()) {
        let value: string;
        try {
          value = decodeURIComponent(match[index + 1] as string);
        } catch {
          throw new ResourceNotFoundError(uri);
        }
        // A path parameter is one segment: ".", ".." or a "/" (encoded or not) would name another route.
        if (plan.pathParameters.includes(name) && segmentProblem(value) !== undefined) {
          throw new ResourceNotFoundError(uri);
        }
        values.set(name, value);
      }
      const path = route.path
        .split("/")
        .map((segment) =>
          segment.startsWith(":")
            ? encodeURIComponent(values.get(segment.slice(1)) ?? "")
            : segment,
        )
        .join("/");
      const query = new URLSearchParams();
      for (const [name, value] of values) {
        if (!plan.pathParameters.includes(name)) query.set(name, value);
      }
      const search = query.size > 0 ? `?${query}` : "";
      const headers = forwardedHeaders(http, this.context);
      headers.set("accept", plan.mimeType ?? "application/json, */*;q=0.5");
      const request = new Request(new URL(`${path}${search}`, http.url).href, { headers, signal });
      return await contents(
        await this.context.dispatchOperation(route.operationId, request, http),
        uri,
      );
    }
    throw new ResourceNotFoundError(uri);
  }

  /** `completion/complete` of a template variable: the route's suggestions, at most 100. */
  async complete(template: string, name: string, value: string): Promise<string[]> {
    const entry = this.entries.find(({ plan }) => plan.uri === template);
    const suggest = entry?.plan.complete?.[name];
    if (suggest === undefined) return [];
    return [...(await suggest(value))].slice(0, 100);
  }
}

async function contents(response: Response, uri: string): Promise<ReadResourceResult> {
  if (response.status === 404) throw new ResourceNotFoundError(uri);
  if (response.status < 200 || response.status > 299) {
    // The client's or the route's refusal (401, 403, 400): said with its status, never a body
    // the route meant for HTTP clients alone.
    const code =
      response.status >= 500 ? ProtocolErrorCode.InternalError : ProtocolErrorCode.InvalidParams;
    await response.body?.cancel();
    throw new ProtocolError(code, `Reading ${uri} was refused: HTTP ${response.status}`, {
      uri,
      status: response.status,
    });
  }
  const mimeType =
    (response.headers.get("content-type") ?? "").split(";")[0]?.trim().toLowerCase() ||
    "application/octet-stream";
  const bytes = new Uint8Array(await response.arrayBuffer());
  if (isText(mimeType)) {
    return { contents: [{ uri, mimeType, text: new TextDecoder().decode(bytes) }] };
  }
  return { contents: [{ uri, mimeType, blob: Buffer.from(bytes).toString("base64") }] };
}
