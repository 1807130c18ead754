/**
 * A followed topic's message as a WebSocket frame carrying its event id (what a client sends back
 * as `lastEventId` to resume): an object payload gains an `eventId` field, first; any other payload
 * is wrapped as `{ "eventId", "data" }`. Spliced into the JSON text: nothing is parsed.
 */
export function withEventId(payload: string, id: string): string {
  const quoted = JSON.stringify(id);
  if (payload.charCodeAt(0) !== 123 /* { */) return `{"eventId":${quoted},"data":${payload}}`;
  const rest = payload.slice(1).trimStart();
  return rest.charCodeAt(0) === 125 /* } */
    ? `{"eventId":${quoted}}`
    : `{"eventId":${quoted},${rest}`;
}

/** The frame sent when a `lastEventId` cannot be honoured: delivery starts from now. */
export function resyncFrame(topic: string, reason: string): string {
  return JSON.stringify({ type: "resync", data: { topic, reason } });
}
