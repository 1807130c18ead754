import type { EventMeta } from "./pubsub.js";

/** An event's meta as the text an engine stores beside it; "" when it has none. */
export function encodeEventMeta(meta: EventMeta | undefined): string {
  if (meta === undefined) return "";
  const { requestId, traceparent, tracestate } = meta;
  if (requestId === undefined && traceparent === undefined) return "";
  return JSON.stringify({ requestId, traceparent, tracestate });
}

/**
 * The meta an engine stored beside an event, or undefined for none ("" or null: an event of a
 * version without meta) and for text that is not ours (a field of the wrong type is left out).
 */
export function decodeEventMeta(text: string | null | undefined): EventMeta | undefined {
  if (text === null || text === undefined || text === "") return undefined;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (value === null || typeof value !== "object") return undefined;
  const { requestId, traceparent, tracestate } = value as Record<string, unknown>;
  const meta: { requestId?: string; traceparent?: string; tracestate?: string } = {};
  if (typeof requestId === "string") meta.requestId = requestId;
  if (typeof traceparent === "string") meta.traceparent = traceparent;
  if (typeof tracestate === "string") meta.tracestate = tracestate;
  return meta.requestId === undefined && meta.traceparent === undefined ? undefined : meta;
}
