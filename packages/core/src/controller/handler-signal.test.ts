import { within } from "@trellis/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Query } from "../decorators/bindings.js";
import { Route } from "../decorators/route.js";
import { Timeout } from "../decorators/timeout.js";
import { Get } from "../decorators/verbs.js";
import { send, testApp } from "../test-helpers/test-app.js";
import { Controller } from "./controller.js";
import { signalSlot } from "./response-state.js";

/** The signals the handlers saw, by route, for the test to watch. */
const seen = new Map<string, AbortSignal>();

/** Resolves once `signal` aborts (the handler then answers; nobody reads it any more). */
const aborted = (signal: AbortSignal) =>
  new Promise<string>((resolve) => {
    signal.addEventListener("abort", () => resolve("aborted"), { once: true });
  });

@Route("/work")
class WorkController extends Controller {
  // No argument: the plain run's shortest path.
  @Get("/bare")
  async bare() {
    seen.set("bare", this.signal);
    return await aborted(this.signal);
  }

  // Arguments: the plain run's general path.
  @Get("/argued")
  async argued(@Query("name") name: string) {
    seen.set(`argued-${name}`, this.signal);
    return await aborted(this.signal);
  }

  // A timeout: the general run; its signal follows both the deadline and the client.
  @Get("/timed")
  @Timeout(60_000)
  async timed() {
    seen.set("timed", this.signal);
    return await aborted(this.signal);
  }

  @Get("/short")
  @Timeout(50)
  async short() {
    seen.set("short", this.signal);
    return await aborted(this.signal);
  }

  @Get("/unread")
  unread() {
    return { made: Object.getOwnPropertySymbols(this).includes(signalSlot) };
  }

  @Get("/twice")
  twice() {
    const first = this.signal;
    const second = this.signal;
    return { same: first === second, aborted: second.aborted };
  }
}

let server: ReturnType<typeof Bun.serve>;
beforeAll(() => {
  const app = testApp([WorkController]);
  server = Bun.serve({ port: 0, hostname: "127.0.0.1", routes: app.routes, fetch: app.fetch });
});
afterAll(() => server.stop(true));

/** Starts a request to `path`, waits for its handler to read its signal, then disconnects. */
async function disconnectDuring(path: string, key: string): Promise<AbortSignal> {
  const client = new AbortController();
  const answered = fetch(`http://127.0.0.1:${server.port}${path}`, { signal: client.signal });
  answered.catch(() => {}); // it rejects once the client aborts
  await expect
    .poll(() => seen.has(key), { timeout: 5_000, message: `the handler of ${path} running` })
    .toBe(true);
  const signal = seen.get(key) as AbortSignal;
  expect(signal.aborted).toBe(false);
  client.abort();
  await within(aborted(signal), 5, `this.signal of ${path} aborting on disconnect`);
  return signal;
}

describe("a controller's this.signal", () => {
  it("aborts when the HTTP client disconnects, on every kind of route", async () => {
    await disconnectDuring("/work/bare", "bare");
    await disconnectDuring("/work/argued?name=a", "argued-a");
    await disconnectDuring("/work/timed", "timed");
  });

  it("still aborts when the route's @Timeout passes, with a TimeoutError", async () => {
    const response = await within(
      fetch(`http://127.0.0.1:${server.port}/work/short`),
      5,
      "the 503 of a passed timeout",
    );
    expect(response.status).toBe(503);
    const signal = seen.get("short") as AbortSignal;
    expect(signal.aborted).toBe(true);
    expect((signal.reason as DOMException).name).toBe("TimeoutError");
  });

  it("is made only when a handler reads it, once per request", async () => {
    const app = testApp([WorkController]);
    expect(await (await send(app, "GET", "/work/unread")).json()).toEqual({ made: false });
    expect(await (await send(app, "GET", "/work/twice")).json()).toEqual({
      same: true,
      aborted: false,
    });
  });
});
