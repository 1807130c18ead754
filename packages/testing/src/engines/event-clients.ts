/** One Server-Sent Event as a client parses it. */
export interface ReceivedEvent {
  readonly id?: string;
  readonly event?: string;
  readonly data: string;
  readonly retry?: number;
}

/**
 * A Server-Sent Events client over fetch: `next()` resolves with each event (a `retry:` alone
 * counts as one, with empty data), `done` once the server ends the stream.
 */
export async function openEventStream(url: string, lastEventId?: string) {
  const controller = new AbortController();
  const response = await fetch(url, {
    signal: controller.signal,
    headers: lastEventId === undefined ? {} : { "last-event-id": lastEventId },
  });
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  const queue: ReceivedEvent[] = [];
  let ended = false;
  const parse = (block: string): ReceivedEvent | undefined => {
    const fields: { id?: string; event?: string; data: string[]; retry?: number } = { data: [] };
    let any = false;
    for (const line of block.split("\n")) {
      if (line === "" || line.startsWith(":")) continue;
      const colon = line.indexOf(":");
      const name = colon < 0 ? line : line.slice(0, colon);
      const value = colon < 0 ? "" : line.slice(colon + 1).replace(/^ /, "");
      any = true;
      if (name === "id") fields.id = value;
      else if (name === "event") fields.event = value;
      else if (name === "data") fields.data.push(value);
      else if (name === "retry") fields.retry = Number(value);
    }
    return any ? { ...fields, data: fields.data.join("\n") } : undefined;
  };
  const fill = async (): Promise<void> => {
    const { done, value } = await reader.read();
    if (done) {
      ended = true;
      return;
    }
    buffer += decoder.decode(value, { stream: true });
    let end = buffer.indexOf("\n\n");
    while (end >= 0) {
      const event = parse(buffer.slice(0, end));
      buffer = buffer.slice(end + 2);
      if (event !== undefined) queue.push(event);
      end = buffer.indexOf("\n\n");
    }
  };
  return {
    response,
    /** The next event, or undefined once the stream ended. */
    async next(): Promise<ReceivedEvent | undefined> {
      while (queue.length === 0 && !ended) await fill().catch(() => (ended = true));
      return queue.shift();
    },
    close(): void {
      controller.abort();
    },
  };
}

/** A WebSocket client whose messages queue up until read; `closed` resolves with the close code. */
export function openWebSocket(url: string) {
  const socket = new WebSocket(url);
  const queue: unknown[] = [];
  const waiting: ((value: unknown) => void)[] = [];
  socket.onmessage = (event) => {
    const value = JSON.parse(String(event.data));
    const waiter = waiting.shift();
    if (waiter) waiter(value);
    else queue.push(value);
  };
  const closed = new Promise<number>((resolve) => {
    socket.addEventListener("close", (event) => {
      resolve(event.code);
      for (const waiter of waiting.splice(0)) waiter(undefined);
    });
  });
  const opened = new Promise<void>((resolve, reject) => {
    socket.addEventListener("open", () => resolve());
    closed.then((code) => reject(new Error(`closed before open: ${code}`)));
  });
  return opened.then(() => ({
    socket,
    closed,
    /** The next message (parsed JSON), or undefined once closed. */
    next(): Promise<any> {
      if (queue.length > 0) return Promise.resolve(queue.shift());
      if (socket.readyState >= 2) return Promise.resolve(undefined);
      return new Promise((resolve) => waiting.push(resolve));
    },
  }));
}
