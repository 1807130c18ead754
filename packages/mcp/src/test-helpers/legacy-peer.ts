import { within } from "@trellis/testing";

/** One JSON-RPC message as the tests read it. */
export type Message = Record<string, any>;

/** The messages of an SSE (or JSON) answer, one at a time, each read bounded in seconds. */
export function messagesOf(response: Response): { next(what: string): Promise<Message> } {
  if (!(response.headers.get("content-type") ?? "").startsWith("text/event-stream")) {
    const whole = response.json() as Promise<Message>;
    return { next: (what) => within(whole, 5, what) };
  }
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  let text = "";
  const read = async (): Promise<Message> => {
    for (;;) {
      const end = text.search(/\r?\n\r?\n/);
      if (end >= 0) {
        const event = text.slice(0, end);
        text = text.slice(end).replace(/^(\r?\n)+/, "");
        const data = event
          .split(/\r?\n/)
          .filter((line) => line.startsWith("data:"))
          .map((line) => line.slice(5).trim())
          .join("\n");
        if (data !== "") return JSON.parse(data) as Message;
        continue;
      }
      const { done, value } = await reader.read();
      if (done) throw new Error("the stream ended");
      text += decoder.decode(value, { stream: true });
    }
  };
  return { next: (what) => within(read(), 5, what) };
}

/**
 * A 2025-11-25 client written by hand, to post exactly what the tests need: calls, answers to
 * the server's requests, cancellations, each as a caller (`authorization`).
 */
export function legacyPeer(endpoint: string, authorization?: string) {
  const post = (message: object, signal?: AbortSignal) =>
    within(
      fetch(endpoint, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          accept: "application/json, text/event-stream",
          "mcp-protocol-version": "2025-11-25",
          ...(authorization === undefined ? {} : { authorization }),
        },
        body: JSON.stringify({ jsonrpc: "2.0", ...message }),
        ...(signal === undefined ? {} : { signal }),
      }),
      5,
      "the MCP answer's headers",
    );
  return {
    /** Starts a tools/call: its answer's messages (the server's requests, then the result). */
    async call(id: number, name: string, signal?: AbortSignal) {
      const params = { name, arguments: {} };
      return messagesOf(await post({ id, method: "tools/call", params }, signal));
    },
    /** Answers the server's request `id` with `result`: the HTTP status. */
    async answer(id: unknown, result: unknown) {
      const response = await post({ id, result });
      await response.body?.cancel();
      return response.status;
    },
    async cancel(requestId: number) {
      const params = { requestId, reason: "no longer needed" };
      const response = await post({ method: "notifications/cancelled", params });
      await response.body?.cancel();
      return response.status;
    },
  };
}
