import { connect } from "node:net";
import { schema, within } from "@trellis/testing";
import { afterAll, describe, expect, it } from "vitest";
import { serve } from "../app/serve-app.js";
import { Controller } from "../controller/controller.js";
import { Header, Query } from "../decorators/bindings.js";
import { Produces } from "../decorators/produces.js";
import { Returns } from "../decorators/returns.js";
import { Route } from "../decorators/route.js";
import { Sse } from "../decorators/sse.js";
import { UseGuards } from "../decorators/use-guards.js";
import { ValidateResponse } from "../decorators/validate-response.js";
import { Post } from "../decorators/verbs.js";
import { expectConfigError } from "../test-helpers/expect-config-error.js";
import { type Json, send, testApp } from "../test-helpers/test-app.js";
import { frameEvent } from "./event-stream.js";

const Tick = schema(
  {
    type: "object",
    properties: { n: { type: "integer" } },
    required: ["n"],
  },
  "Tick",
);

/** A promise with its resolve function, for steps the test releases. */
function gate() {
  let open = () => {};
  const promise = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { promise, open };
}

/** The events of a stream's text, without its comment lines (`: open`, `: keep-alive`). */
const withoutComments = (text: string) => text.replace(/^:.*\n\n/gm, "");

/** Waits, as an assertion, for something the server does after the client has gone. */
const eventually = (what: string, condition: () => boolean) =>
  expect.poll(condition, { message: what, timeout: 20_000, interval: 10 }).toBe(true);

/** The rest of a stream as text: bounded, so a stream that never ends fails in seconds. */
const restOf = (reader: { read(): Promise<{ done: boolean; value?: Uint8Array }> }, what: string) =>
  within(
    (async () => {
      let text = "";
      for (let step = await reader.read(); !step.done; step = await reader.read()) {
        text += new TextDecoder().decode(step.value);
      }
      return text;
    })(),
    20,
    what,
  );
/** A whole streamed body as text, bounded the same way. */
const textOf = (response: Response, what: string) => within(response.text(), 20, what);

const state = {
  released: false,
  produced: 0,
  aborted: false,
  keepAliveSeen: gate(),
};

@Route("/events")
class EventController extends Controller {
  @Sse("/ticks")
  @Returns(200, Tick)
  async *ticks(@Query("count") count: number, @Header("last-event-id") lastId?: string) {
    const start = lastId === undefined ? 0 : Number(lastId) + 1;
    for (let n = start; n < start + count; n++) yield { id: String(n), event: "tick", data: { n } };
  }

  @Sse("/forever")
  async *forever() {
    this.signal.addEventListener("abort", () => {
      state.aborted = true;
    });
    try {
      for (let n = 0; ; n++) {
        yield { n };
        await Bun.sleep(5);
      }
    } finally {
      state.released = true;
    }
  }

  @Sse("/flood")
  *flood() {
    const big = "x".repeat(64 * 1024);
    for (;;) {
      state.produced++;
      yield big;
    }
  }

  @Sse("/quiet", { keepAlive: 20 })
  async *quiet() {
    await state.keepAliveSeen.promise;
    yield "finally";
  }

  @Sse("/lines")
  *lines() {
    yield "first line\nsecond line\r\nthird";
    yield { data: "with retry", retry: 5000 };
  }

  @Sse("/guarded")
  @UseGuards(() => false)
  *guarded() {
    yield "never";
  }

  @Sse("/invalid")
  @Returns(200, Tick)
  @ValidateResponse()
  *invalid() {
    yield { n: 1 };
    yield { n: "two" };
    yield { n: 3 };
  }

  @Sse("/broken")
  *broken() {
    yield 1;
    throw new Error("database gone");
  }

  @Sse("/not-iterable")
  notIterable() {
    return 42 as unknown as Iterable<number>;
  }
}

const app = testApp([EventController]);
const server = Bun.serve({ port: 0, hostname: "127.0.0.1", routes: app.routes, fetch: app.fetch });
afterAll(() => server.stop(true));
const url = (path: string) => new URL(path, server.url).href;

describe("frameEvent", () => {
  it("writes the fields, one data line per line of the payload, then a blank line", () => {
    expect(frameEvent({ data: { a: 1 }, event: "x", id: 7, retry: 10 })).toBe(
      'event: x\nid: 7\nretry: 10\ndata: {"a":1}\n\n',
    );
    expect(frameEvent("a\nb\r\nc\rd")).toBe("data: a\ndata: b\ndata: c\ndata: d\n\n");
    expect(frameEvent({ data: "x", other: 1 })).toBe('data: {"data":"x","other":1}\n\n');
  });

  it("refuses fields that would break the framing", () => {
    expect(() => frameEvent({ data: 1, event: "a\nb" })).toThrow(TypeError);
    expect(() => frameEvent({ data: 1, id: "1\r2" })).toThrow(TypeError);
    expect(() => frameEvent({ data: 1, retry: -1 })).toThrow(TypeError);
    expect(() => frameEvent(undefined)).toThrow(TypeError);
  });
});

describe("@Sse over a real server", () => {
  it("streams the handler's events with the headers proxies need", async () => {
    const response = await fetch(url("/events/ticks?count=3"));
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/event-stream");
    expect(response.headers.get("cache-control")).toBe("no-cache, no-transform");
    expect(response.headers.get("x-accel-buffering")).toBe("no");
    const text = await response.text();
    expect(text.startsWith(": open\n\n")).toBe(true);
    expect(withoutComments(text)).toBe(
      [0, 1, 2].map((n) => `event: tick\nid: ${n}\ndata: {"n":${n}}\n\n`).join(""),
    );
  });

  it("binds Last-Event-ID with @Header, so a reconnecting client resumes", async () => {
    const response = await fetch(url("/events/ticks?count=1"), {
      headers: { "last-event-id": "41" },
    });
    expect(withoutComments(await response.text())).toBe('event: tick\nid: 42\ndata: {"n":42}\n\n');
  });

  it("splits multi-line data and sends retry", async () => {
    const text = withoutComments(
      await textOf(await fetch(url("/events/lines")), "the lines stream's end"),
    );
    expect(text).toBe(
      "data: first line\ndata: second line\ndata: third\n\nretry: 5000\ndata: with retry\n\n",
    );
  });

  it("validates inputs and runs guards before the stream starts", async () => {
    const invalid = await fetch(url("/events/ticks?count=many"));
    expect(invalid.status).toBe(400);
    expect(invalid.headers.get("content-type")).toBe("application/problem+json");
    const refused = await fetch(url("/events/guarded"));
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as Json).status).toBe(403);
  });

  it("stops the iterator (its finally runs) and aborts this.signal when the client disconnects", async () => {
    const controller = new AbortController();
    const response = await fetch(url("/events/forever"), { signal: controller.signal });
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    await within(reader.read(), 20, "the first bytes of the stream");
    controller.abort();
    await eventually("the generator's finally ran", () => state.released);
    await eventually("this.signal aborted", () => state.aborted);
  });

  it("pulls events only as fast as a slow client reads them", async () => {
    // A client that sends the request and then reads nothing: the TCP window fills up.
    const socket = connect(Number(server.port), "127.0.0.1");
    await within(
      new Promise<void>((resolve) => socket.once("connect", resolve)),
      20,
      "the raw socket connecting",
    );
    socket.write(`GET /events/flood HTTP/1.1\r\nhost: 127.0.0.1\r\n\r\n`);
    socket.once("data", () => socket.pause());
    // Wait until the server stops producing (no new event for a while), then look at the count.
    const settled = async () => {
      let last = -1;
      while (state.produced !== last) {
        last = state.produced;
        await Bun.sleep(300);
      }
    };
    await within(settled(), 60, "the server to stop producing for a client that reads nothing");
    socket.destroy();
    // 64 KiB events: whatever the socket buffers hold, far below what an unbounded queue reaches.
    expect(state.produced * 64 * 1024).toBeLessThan(64 * 1024 * 1024);
    expect(state.produced).toBeGreaterThan(0);
  });

  it("sends keep-alive comments while no event comes", async () => {
    const response = await fetch(url("/events/quiet"));
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    const keepAlive = async () => {
      let first = "";
      while (!first.includes(": keep-alive\n\n")) {
        first += new TextDecoder().decode((await reader.read()).value);
      }
    };
    await within(keepAlive(), 20, "a keep-alive comment");
    state.keepAliveSeen.open();
    const rest = await restOf(reader, "the end of the stream after the keep-alive");
    expect(withoutComments(rest)).toBe("data: finally\n\n");
  });

  it("ends the stream and logs when an event fails validation or the handler throws", async () => {
    expect(
      withoutComments(
        await textOf(await fetch(url("/events/invalid")), "the invalid stream's end"),
      ),
    ).toBe('data: {"n":1}\n\n');
    expect(JSON.stringify(app.logged)).toContain("EventController.invalid");
    expect(
      withoutComments(await textOf(await fetch(url("/events/broken")), "the broken stream's end")),
    ).toBe("data: 1\n\n");
    const logged = app.logged.find((entry) => String(entry[0]).includes("EventController.broken"));
    expect(String(logged?.[1])).toContain("database gone");
  });

  it("answers a handler that returns no iterable with a clean 500", async () => {
    const response = await send(app, "GET", "/events/not-iterable");
    expect(response.status).toBe(500);
    expect(await response.text()).not.toContain("AsyncIterable");
  });

  it("answers 406 to a client that accepts no event stream", async () => {
    const response = await send(app, "GET", "/events/lines", {
      headers: { accept: "application/json" },
    });
    expect(response.status).toBe(406);
  });
});

describe("@Sse and app.close", () => {
  it("ends open event streams so the server drains at once, and runs their finally", async () => {
    let finished = false;
    @Route("/live")
    class LiveController extends Controller {
      @Sse()
      async *live() {
        try {
          for (;;) {
            yield "tick";
            await Bun.sleep(10);
          }
        } finally {
          finished = true;
        }
      }
    }
    const live = testApp([LiveController]);
    const running = serve(live, { port: 0, hostname: "127.0.0.1", signals: false });
    const response = await fetch(new URL("/live", running.url));
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    await within(reader.read(), 20, "the first tick");
    // A grace period far longer than the bound: only ending the stream lets close finish.
    await within(live.close({ graceMs: 600_000 }), 20, "app.close ending the open stream");
    await restOf(reader, "the stream's end after app.close");
    await eventually("the generator's finally ran", () => finished);
  });
});

describe("@Sse at startup", () => {
  it("rejects another verb, @Produces and a bad keepAlive", () => {
    @Route("/a")
    class WithVerb extends Controller {
      @Sse()
      @Post()
      *events() {}
    }
    expectConfigError(() => testApp([WithVerb]), "SSE_WITH_OTHER_VERB", "WithVerb.events", "@Sse");
    @Route("/b")
    class WithProduces extends Controller {
      @Sse()
      @Produces("application/json")
      *events() {}
    }
    expectConfigError(() => testApp([WithProduces]), "SSE_WITH_PRODUCES", "WithProduces.events");
    @Route("/c")
    class WithKeepAlive extends Controller {
      @Sse("/", { keepAlive: -1 })
      *events() {}
    }
    expectConfigError(() => testApp([WithKeepAlive]), "INVALID_DURATION", "keepAlive");
  });
});
