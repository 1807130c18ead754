/** JSON-RPC 2.0 error codes the endpoint answers with before a message reaches the SDK. */
export const parseError = -32700;
export const invalidRequest = -32600;
/** The SDK's code for transport-level refusals (406, 413, 415). */
export const transportError = -32000;

/** A JSON-RPC error answer with no id (the request could not be read), as the SDK writes them. */
export function jsonRpcError(
  status: number,
  code: number,
  message: string,
  headers: Record<string, string> = {},
): Response {
  return new Response(JSON.stringify({ jsonrpc: "2.0", error: { code, message }, id: null }), {
    status,
    headers: { "content-type": "application/json", ...headers },
  });
}
