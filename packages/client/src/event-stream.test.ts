import { zod } from "@trellis/adapter-zod";
import { Controller, createApp, Route, Sse } from "@trellis/core";
import { within } from "@trellis/testing";
import { describe, expect, it } from "vitest";
import { readEvents, type SseMessage } from "./event-stream.js";

const encoder = new TextEncoder();

/**
 * An endless event stream that counts what is asked of it: `cancelled` settles with the reason
 * once the reader cancels it (never, if nobody does).
 */
function countingStream() {
  let resolveCancel: (reason: unknown) => void = () => {};
  const cancelled = new Promise<unknown>((resolve) => (resolveCancel = resolve));
  const counts = { pulls: 0, cancels: 0 };
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      counts.pulls++;
      controller.enqueue(encoder.encode(`id: ${counts.pulls}\ndata: ${counts.pulls}\n\n`));
    },
    cancel(reason) {
      counts.cancels++;
      resolveCancel(reason);
    },
  });
  const response = new Response(stream, { headers: { "content-type": "text/event-stream" } });
  return { response, counts, cancelled };
}

describe("readEvents", () => {
  it("cancels the body it reads when the loop breaks early, so the stream stops", async () => {
    const { response, counts, cancelled } = countingStream();
    const received: SseMessage[] = [];
    for await (const event of readEvents(response)) {
      received.push(event);
      if (received.length === 2) break;
    }
    expect(received).toEqual([
      { id: "1", data: 1 },
      { id: "2", data: 2 },
    ]);
    // The cancel travels through the decoding pipe to the source: wait for it (bounded, so a
    // reader that never cancels fails here in seconds, not at the suite's timeout).
    await within(cancelled, 10, "the body's cancel reaching its source");
    expect(counts.cancels).toBe(1);
  });

  it("cancels the body when the loop body throws", async () => {
    const { response, counts, cancelled } = countingStream();
    const failure = new Error("consumer failed");
    const thrown = await (async () => {
      for await (const _event of readEvents(response)) throw failure;
    })().catch((error: unknown) => error);
    expect(thrown).toBe(failure);
    await within(cancelled, 10, "the body's cancel reaching its source");
    expect(counts.cancels).toBe(1);
  });

  it("lets the server see its stream cancelled: the handler's generator is stopped", async () => {
    const stopped: string[] = [];
    let resolveStopped: () => void = () => {};
    const finished = new Promise<void>((resolve) => (resolveStopped = resolve));

    @Route("/ticks")
    class TickController extends Controller {
      @Sse()
      async *ticks() {
        try {
          for (let tick = 1; ; tick++) yield { id: String(tick), data: tick };
        } finally {
          stopped.push("generator finally");
          resolveStopped();
        }
      }
    }

    const app = createApp({ schema: zod(), controllers: [TickController] });
    const response = await app.fetch(new Request("http://test.local/ticks"));
    expect(response.headers.get("content-type")).toMatch(/^text\/event-stream/);
    const received: SseMessage[] = [];
    for await (const event of readEvents(response)) {
      received.push(event);
      break;
    }
    expect(received).toEqual([{ id: "1", data: 1 }]);
    await within(finished, 10, "the handler's generator to be stopped");
    expect(stopped).toEqual(["generator finally"]);
  });
});
