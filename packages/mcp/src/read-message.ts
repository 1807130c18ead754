import { invalidRequest, jsonRpcError, parseError, transportError } from "./json-rpc-error.js";

/** The media type of a Content-Type value, lower case, without parameters. */
const mediaType = (value: string | null) => (value ?? "").split(";")[0]?.trim().toLowerCase();

/** Reads at most `limit` bytes of the body; undefined when it has more. */
async function boundedText(request: Request, limit: number): Promise<string | undefined> {
  const declared = Number(request.headers.get("content-length") ?? Number.NaN);
  if (declared > limit) return undefined;
  if (request.body === null) return "";
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => {});
      return undefined;
    }
    chunks.push(value);
  }
  return new TextDecoder().decode(Buffer.concat(chunks));
}

/**
 * The one JSON-RPC message of an MCP POST, or the protocol's error answer: 415 for another media
 * type, 413 past the app's body limit (`limits.body`), a parse error for bad JSON, and "invalid
 * request" for a batch, which MCP removed in 2025-06-18 (every message its own POST keeps one
 * request from fanning out into many tool calls).
 */
export async function readMessage(
  request: Request,
  limit: number,
): Promise<{ readonly message: unknown } | { readonly refused: Response }> {
  if (mediaType(request.headers.get("content-type")) !== "application/json") {
    const message = "Unsupported Media Type: Content-Type must be application/json";
    return { refused: jsonRpcError(415, transportError, message) };
  }
  let text: string | undefined;
  try {
    text = await boundedText(request, limit);
  } catch {
    return { refused: jsonRpcError(400, parseError, "Parse error: the body could not be read") };
  }
  if (text === undefined) {
    const message = `Payload Too Large: the body must be at most ${limit} bytes`;
    return { refused: jsonRpcError(413, transportError, message) };
  }
  let message: unknown;
  try {
    message = JSON.parse(text);
  } catch {
    return { refused: jsonRpcError(400, parseError, "Parse error: Invalid JSON") };
  }
  if (Array.isArray(message)) {
    const why =
      "Invalid Request: send one JSON-RPC message per request (batches are not supported)";
    return { refused: jsonRpcError(400, invalidRequest, why) };
  }
  return { message };
}
