// HEAD on a Server-Sent Events route. HEAD asks for the headers of a GET, never its body: an event
// stream opened for it has no reader and nothing to end it. Served through `fetch` alone, 20,000
// HEAD requests left 20,000 streams registered, each with a keep-alive timer, and RSS climbing. No
// handler may run and no stream may open, whichever way the request arrives (Bun's route map,
// `fetch` alone); guards still answer as they would for the GET. Counted, and RSS bounded.
import { zod } from "@trellis/adapter-zod";
import { Controller, createApp, type ExecutionContext, Route, Sse, UseGuards } from "@trellis/core";
import { describe, expect, it } from "vitest";
import { runtimeOf } from "../../src/core-internals.js";
import { within } from "../../src/within.js";

const requests = 20_000;
const parallel = 32;
const mib = 1024 * 1024;

const calls = { handler: 0, body: 0 };

async function* ticks() {
  calls.body += 1;
  yield { data: "tick" };
}

@Route("/feed")
class FeedController extends Controller {
  @Sse("/events")
  events() {
    calls.handler += 1;
    return ticks();
  }

  @Sse("/guarded")
  @UseGuards(
    ({ request }: ExecutionContext) => request.headers.get("authorization") === "Bearer ok",
  )
  guarded() {
    calls.handler += 1;
    return ticks();
  }
}

const settledRss = async () => {
  Bun.gc(true);
  await Bun.sleep(50);
  Bun.gc(true);
  return process.memoryUsage().rss;
};

const ways = [
  { name: "through fetch alone", mapped: false },
  { name: "through Bun's route map", mapped: true },
] as const;

describe.each(ways)("HEAD on an event-stream route, $name", ({ mapped }) => {
  const start = () => {
    const app = createApp({ schema: zod(), controllers: [FeedController] });
    const server = Bun.serve({
      port: 0,
      hostname: "127.0.0.1",
      ...(mapped ? { routes: app.routes } : {}),
      fetch: app.fetch,
    });
    const url = (path: string) => `http://127.0.0.1:${server.port}${path}`;
    return { app, server, url };
  };

  it("answers the stream's headers without a body; the handler never runs, no stream opens", async () => {
    const { app, server, url } = start();
    try {
      calls.handler = 0;
      calls.body = 0;
      const head = await fetch(url("/feed/events"), { method: "HEAD" });
      expect(head.status).toBe(200);
      expect(head.headers.get("content-type")).toBe("text/event-stream");
      expect(head.headers.get("cache-control")).toBe("no-cache, no-transform");
      expect(await head.text()).toBe("");
      // Guards answer HEAD as they answer GET.
      const refused = await fetch(url("/feed/guarded"), { method: "HEAD" });
      expect(refused.status).toBe(403);
      const allowed = await fetch(url("/feed/guarded"), {
        method: "HEAD",
        headers: { authorization: "Bearer ok" },
      });
      expect(allowed.status).toBe(200);
      expect(calls).toEqual({ handler: 0, body: 0 });
      expect(runtimeOf(app.state)?.streams.size).toBe(0);
      // A GET still streams.
      const get = await fetch(url("/feed/events"));
      const reader = (get.body as ReadableStream<Uint8Array>).getReader();
      let text = "";
      while (!text.includes("data: tick")) {
        const { done, value } = await within(reader.read(), 20, "the first tick of a GET");
        if (done) break;
        text += new TextDecoder().decode(value);
      }
      await reader.cancel();
      expect(text).toContain("data: tick");
      expect(calls.handler).toBe(1);
    } finally {
      await server.stop(true);
      await app.close({ graceMs: 0 });
    }
  });

  it("20,000 HEAD requests: no handler call, no stream left open, RSS flat", async () => {
    const { app, server, url } = start();
    try {
      calls.handler = 0;
      const before = await settledRss();
      const statuses = new Map<number, number>();
      let sent = 0;
      await Promise.all(
        Array.from({ length: parallel }, async () => {
          while (sent < requests) {
            sent += 1;
            const response = await fetch(url("/feed/events"), { method: "HEAD" });
            await response.arrayBuffer();
            statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
          }
        }),
      );
      const growth = (await settledRss()) - before;
      console.log(
        `HEAD x ${requests} (${mapped ? "route map" : "fetch"}): RSS ${Math.round(growth / mib)} MiB`,
      );
      expect(statuses).toEqual(new Map([[200, requests]]));
      expect(calls.handler).toBe(0);
      expect(runtimeOf(app.state)?.streams.size).toBe(0);
      // Generous: the leak grew RSS by about 43 MB over these requests.
      expect(growth).toBeLessThan(32 * mib);
    } finally {
      await server.stop(true);
      await app.close({ graceMs: 0 });
    }
  }, 300_000);
});
