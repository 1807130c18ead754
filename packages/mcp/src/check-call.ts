// JSON-RPC 2.0 "Invalid params".
const invalidParams = -32602;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * The "invalid params" answer to a `tools/call` whose params are not `{ name, arguments? }` with
 * a string name and an object of arguments, else undefined. The SDK would answer such a call as an
 * internal error (its schema check throws before any handler runs); MCP says invalid params.
 */
export function malformedCall(message: unknown): Response | undefined {
  if (!isObject(message) || message.method !== "tools/call" || !("id" in message)) return undefined;
  const { params } = message;
  const fine =
    isObject(params) &&
    typeof params.name === "string" &&
    (params.arguments === undefined || isObject(params.arguments));
  if (fine) return undefined;
  const id = typeof message.id === "string" || typeof message.id === "number" ? message.id : null;
  const error = {
    code: invalidParams,
    message: "Invalid params: tools/call takes { name: string, arguments?: object }",
  };
  return Response.json({ jsonrpc: "2.0", id, error });
}
