import { createParser, type EventSourceMessage } from "eventsource-parser";

/** One Server-Sent Event as the client yields it: `data` parsed from JSON where it is JSON. */
export interface SseMessage<T = unknown> {
  readonly data: T;
  /** The event type (`event:`), when the server named one. */
  readonly event?: string;
  /** The event id (`id:`): what a reconnecting client sends back as `Last-Event-ID`. */
  readonly id?: string;
}

// A string payload is sent as it is, anything else as JSON: text that is not JSON stays text.
function parseData(data: string): unknown {
  try {
    return JSON.parse(data) as unknown;
  } catch {
    return data;
  }
}

const toMessage = (message: EventSourceMessage): SseMessage => ({
  data: parseData(message.data),
  ...(message.event === undefined ? {} : { event: message.event }),
  ...(message.id === undefined ? {} : { id: message.id }),
});

/**
 * The events of a `text/event-stream` answer, as they arrive. Leaving the loop early (`break`,
 * a throw) cancels the body: the server stops the stream.
 */
export async function* readEvents(response: Response): AsyncGenerator<SseMessage, void, undefined> {
  const body = response.body;
  if (!body) return;
  const reader = body.pipeThrough(new TextDecoderStream()).getReader();
  const ready: SseMessage[] = [];
  const parser = createParser({ onEvent: (message) => ready.push(toMessage(message)) });
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      parser.feed(value);
      while (ready.length > 0) yield ready.shift() as SseMessage;
    }
  } finally {
    await reader.cancel().catch(() => {});
  }
}
