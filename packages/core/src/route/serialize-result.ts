import { headersSlot, type ResponseState, statusSlot } from "../controller/response-state.js";

// Statuses whose responses never carry a body.
const nullBodyStatuses = new Set([204, 205, 304]);

/**
 * Stage "serialize": a returned `Response` passes through; anything else is JSON with the status
 * and headers the handler set (200 by default; `undefined` with 200 is 204). Throws for a status
 * the handler set that is not an integer from 200 to 599, or a value JSON cannot represent.
 */
export function serializeResult(state: ResponseState, value: unknown): Response {
  if (value instanceof Response) return value;
  const status = state[statusSlot];
  const headers = state[headersSlot];
  if (status === undefined && headers === undefined) {
    return value === undefined ? new Response(null, { status: 204 }) : Response.json(value);
  }
  const code = status ?? 200;
  if (!Number.isInteger(code) || code < 200 || code > 599) {
    throw new RangeError(`The handler set an invalid response status: ${String(code)}`);
  }
  if (value === undefined || nullBodyStatuses.has(code)) {
    return new Response(null, {
      status: value === undefined && code === 200 ? 204 : code,
      headers,
    });
  }
  return Response.json(value, headers === undefined ? { status: code } : { status: code, headers });
}
