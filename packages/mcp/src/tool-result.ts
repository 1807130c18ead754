import type { CallToolResult } from "@modelcontextprotocol/server";
import type { McpToolPlan } from "@trellis/core";

const mediaOf = (response: Response) =>
  (response.headers.get("content-type") ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
const isJson = (type: string) => type === "application/json" || type.endsWith("+json");
const isText = (type: string) =>
  type.startsWith("text/") || isJson(type) || type.endsWith("+xml") || type === "application/xml";

/**
 * A tool's result from the route's HTTP answer. Success (2xx): JSON is the text content and, when
 * the tool has an output schema, the structured content (an object as it is, anything else as
 * `{ result }`); other text is text; images and audio are their content blocks; any other bytes an
 * embedded resource. Anything else (a problem+json 4xx or 5xx) is a tool error whose text is the
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
  if (isText(type)) return { content: [{ type: "text", text: asText() }] };
  const data = Buffer.from(bytes).toString("base64");
  if (type.startsWith("image/")) return { content: [{ type: "image", data, mimeType: type }] };
  if (type.startsWith("audio/")) return { content: [{ type: "audio", data, mimeType: type }] };
  const mimeType = type === "" ? "application/octet-stream" : type;
  return { content: [{ type: "resource", resource: { uri: url, mimeType, blob: data } }] };
}
