import type { CallToolResult } from "@modelcontextprotocol/server";
import { mixedParts } from "./mixed-parts.js";
import type { McpToolPlan } from "./planning/mcp-plugin.js";

const mediaOf = (response: Response) =>
  (response.headers.get("content-type") ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
const isJson = (type: string) => type === "application/json" || type.endsWith("+json");
const isText = (type: string) =>
  type.startsWith("text/") || isJson(type) || type.endsWith("+xml") || type === "application/xml";

/**
 * A tool's result from the route's HTTP answer. Success (2xx): JSON is the text content and, when
 * the tool has an output schema, the structured content (an object as it is, anything else as
 * `{ result }`); other text is text; images and audio are their content blocks; any other bytes, or
 * an answer with a `Content-Location`, an embedded resource; `multipart/mixed`, one block a part. Anything else (a problem+json 4xx or 5xx) is a tool error whose text is the
 * body the route answered, so an agent reads the same problem an HTTP client does.
 */
export async function toolResult(
  response: Response,
  plan: McpToolPlan,
  url: string,
): Promise<CallToolResult> {
  const type = mediaOf(response);
  const bytes = new Uint8Array(await response.arrayBuffer());
  const asText = () => new TextDecoder().decode(bytes);
  if (response.status < 200 || response.status > 299) {
    const body = isText(type) ? asText() : "";
    return {
      isError: true,
      content: [{ type: "text", text: body === "" ? `HTTP ${response.status}` : body }],
    };
  }
  if (bytes.byteLength === 0) return { content: [] };
  if (type === "multipart/mixed") {
    // Several parts: one content block each, in order (text, an image, an embedded resource...).
    const parts = mixedParts(response.headers.get("content-type") ?? "", bytes);
    if (parts !== undefined) {
      const content = parts.flatMap((part) => block(part.type, part.bytes, part.location, url));
      return { content };
    }
  }
  // A tool with an output schema answers structured content; others may embed the resource.
  const location = plan.output === "none" ? response.headers.get("content-location") : null;
  if (location !== null) return { content: block(type, bytes, location, url) };
  if (isJson(type)) {
    const body = asText();
    // The ETag goes on as text: a conditional write tool takes it back as If-Match.
    const etag = response.headers.get("etag");
    const result: CallToolResult = {
      content: [
        { type: "text", text: body },
        ...(etag === null ? [] : [{ type: "text" as const, text: `ETag: ${etag}` }]),
      ],
    };
    if (plan.output === "none") return result;
    let value: unknown;
    try {
      value = JSON.parse(body);
    } catch {
      return result; // not JSON after all: the text is all there is
    }
    const structured =
      plan.output === "object" &&
      typeof value === "object" &&
      value !== null &&
      !Array.isArray(value)
        ? (value as Record<string, unknown>)
        : { result: value };
    return { ...result, structuredContent: structured };
  }
  return { content: block(type, bytes, undefined, url) };
}

/**
 * One content block: text as text, images and audio as theirs, and anything else (or a part with
 * a `Content-Location`, which names the resource it is) an embedded resource.
 */
function block(
  type: string,
  bytes: Uint8Array,
  location: string | undefined,
  url: string,
): CallToolResult["content"] {
  const mimeType = type === "" ? "application/octet-stream" : type;
  const data = () => Buffer.from(bytes).toString("base64");
  if (location !== undefined) {
    const uri = new URL(location, url).href;
    return [
      {
        type: "resource",
        resource: isText(type)
          ? { uri, mimeType, text: new TextDecoder().decode(bytes) }
          : { uri, mimeType, blob: data() },
      },
    ];
  }
  if (isText(type)) return [{ type: "text", text: new TextDecoder().decode(bytes) }];
  if (type.startsWith("image/")) return [{ type: "image", data: data(), mimeType: type }];
  if (type.startsWith("audio/")) return [{ type: "audio", data: data(), mimeType: type }];
  return [{ type: "resource", resource: { uri: url, mimeType, blob: data() } }];
}
