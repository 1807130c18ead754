import { HttpException } from "@trellis/core";
import { readJsonBody } from "@trellis/core/extend";
import { invalidRequest, jsonRpcError, parseError, transportError } from "./json-rpc-error.js";

/** The media type of a Content-Type value, lower case, without parameters. */
const mediaType = (value: string | null) => (value ?? "").split(";")[0]?.trim().toLowerCase();

/**
 * The one JSON-RPC message of an MCP POST, or the protocol's error answer. The body is read by
 * core's own reader, the one every route's JSON body goes through, with the app's `limits.body`:
 * 413 past it (by Content-Length before reading, else the moment the stream passes it), 415 for
 * another media type or a content coding, and a parse error for what a route would refuse as its
 * body (not JSON, not UTF-8, nested deeper than 64 levels, a `__proto__` key). A batch is "invalid
 * request": MCP removed batches in 2025-06-18, and one message per POST keeps one request from
 * fanning out into many tool calls.
 */
export async function readMessage(
  request: Request,
  limit: number,
): Promise<{ readonly message: unknown } | { readonly refused: Response }> {
  if (mediaType(request.headers.get("content-type")) !== "application/json") {
    const message = "Unsupported Media Type: Content-Type must be application/json";
    return { refused: jsonRpcError(415, transportError, message) };
  }
  let message: unknown;
  try {
    message = await readJsonBody(request, limit);
  } catch (error) {
    const status = error instanceof HttpException ? error.status : 400;
    if (status === 413) {
      const why = `Payload Too Large: the body must be at most ${limit} bytes`;
      return { refused: jsonRpcError(413, transportError, why) };
    }
    if (status === 415) {
      const why = "Unsupported Media Type: send the body without a content coding";
      return { refused: jsonRpcError(415, transportError, why) };
    }
    const detail = error instanceof HttpException ? ` (${error.message})` : "";
    return { refused: jsonRpcError(400, parseError, `Parse error: Invalid JSON${detail}`) };
  }
  if (Array.isArray(message)) {
    const why =
      "Invalid Request: send one JSON-RPC message per request (batches are not supported)";
    return { refused: jsonRpcError(400, invalidRequest, why) };
  }
  return { message };
}
