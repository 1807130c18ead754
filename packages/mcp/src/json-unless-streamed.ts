/** The JSON-RPC message of one SSE event, or undefined when the event carries none. */
function eventMessage(event: string): unknown {
  const data = event
    .split(/\r?\n/)
    .filter((line) => line.startsWith("data:"))
    .map((line) => line.slice(5).replace(/^ /, ""))
    .join("\n");
  if (data === "") return undefined;
  try {
    return JSON.parse(data);
  } catch {
    return undefined;
  }
}

const isAnswer = (message: unknown): boolean =>
  typeof message === "object" && message !== null && ("result" in message || "error" in message);

/**
 * The SDK's stateless legacy leg (2025-era clients) always answers a request over SSE. MCP lets a
 * server answer either way, and 2026-07-28's own leg answers JSON unless the call sends something
 * before its result: this does the same for the legacy leg. It reads the stream up to its first
 * event; when that is the answer, the answer is sent as one JSON body, else the stream goes on
 * from its start (progress and log messages, then the answer). The whole stream is never buffered.
 */
export async function jsonUnlessStreamed(response: Response): Promise<Response> {
  const type = response.headers.get("content-type") ?? "";
  if (!type.startsWith("text/event-stream") || response.body === null) return response;
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  const read: Uint8Array[] = [];
  let text = "";
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    read.push(value);
    text += decoder.decode(value, { stream: true });
    const end = text.search(/\r?\n\r?\n/);
    if (end < 0) continue;
    const first = eventMessage(text.slice(0, end));
    if (first === undefined && !/^\s*:/.test(text)) break; // an event we cannot read: stream as is
    if (first === undefined) {
      // A comment (keep-alive) before anything: drop it and keep looking.
      text = text.slice(end).replace(/^\s+/, "");
      continue;
    }
    if (!isAnswer(first)) break;
    await reader.cancel().catch(() => {});
    const headers = new Headers(response.headers);
    headers.set("content-type", "application/json");
    headers.delete("cache-control");
    return new Response(JSON.stringify(first), { status: response.status, headers });
  }
  const rest = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of read) controller.enqueue(chunk);
    },
    async pull(controller) {
      const { done, value } = await reader.read();
      if (done) controller.close();
      else controller.enqueue(value);
    },
    cancel: (reason) => reader.cancel(reason),
  });
  return new Response(rest, { status: response.status, headers: response.headers });
}
