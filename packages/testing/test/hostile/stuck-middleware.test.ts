// A middleware that never calls next() and never answers. The request timeout covers the whole
// pipeline: such a request is answered 503 at the timeout, and the request's abort signal
// (`getRequestSignal(request)`, the handler's `this.signal`) fires so the middleware can stop. A
// stuck guard was answered at the timeout, a stuck middleware held its connection until the client
// gave up. Route middleware and global middleware, before a matched route and before a 404,
// through Bun's route map and through `fetch` alone. What is asserted is the answer and the
// signal, never when: a request no timeout covers would wait for the test's own deadline.
import { zod } from "@trellis/adapter-zod";
import {
  type AppOptions,
  Controller,
  createApp,
  Get,
  getRequestSignal,
  type Middleware,
  Returns,
  Route,
  Timeout,
  UseMiddleware,
} from "@trellis/core";
import { describe, expect, it } from "vitest";
import * as z from "zod";
import { expectProblem } from "./support/problem.js";

const never = new Promise<never>(() => {});
// Long enough for a middleware to be stuck in, short enough not to slow the suite; no assertion
// depends on it.
const timeout = 50;
// Only a request nothing answers waits this long (then the test fails).
const clientGivesUp = 60_000;

/** What the stuck middleware saw: the reason of each abort it was told of. */
const aborts: string[] = [];

/** Never calls next(), never answers; records its request's abort. */
const stuck: Middleware = (request) => {
  getRequestSignal(request).addEventListener("abort", (event) => {
    const reason = (event.target as AbortSignal).reason as { name?: string };
    aborts.push(reason?.name ?? String(reason));
  });
  return never;
};

const Ok = z.object({ ok: z.boolean() });

@Route("/stuck")
class StuckController extends Controller {
  /** Route middleware, and the route's own timeout. */
  @Get("/route")
  @Timeout(timeout)
  @UseMiddleware(stuck)
  @Returns(200, Ok)
  route() {
    return { ok: true };
  }

  /** No middleware of its own: the app's is stuck (with limits.timeout, or this @Timeout). */
  @Get("/global")
  @Timeout(timeout)
  @Returns(200, Ok)
  global() {
    return { ok: true };
  }
}

const ways = [
  { name: "Bun's route map", mapped: true },
  { name: "fetch alone", mapped: false },
] as const;

function start(options: Partial<AppOptions>, mapped: boolean) {
  const app = createApp({ schema: zod(), controllers: [StuckController], ...options });
  const server = Bun.serve({
    port: 0,
    hostname: "127.0.0.1",
    ...(mapped ? { routes: app.routes } : {}),
    fetch: app.fetch,
  });
  const get = (path: string) =>
    fetch(`http://127.0.0.1:${server.port}${path}`, {
      signal: AbortSignal.timeout(clientGivesUp),
    });
  return { get, stop: () => server.stop(true) };
}

/** Expects the 503 of a timeout, and the stuck middleware told of it by a TimeoutError. */
async function expectTimedOut(response: Response): Promise<void> {
  const problem = await expectProblem(response, 503);
  expect(problem.detail).toBe("The request took longer than the route allows.");
  await expect.poll(() => aborts).toEqual(["TimeoutError"]);
}

describe.each(ways)("a stuck middleware, through $name", ({ mapped }) => {
  it("route middleware (@UseMiddleware) under @Timeout: 503, and its signal fires", async () => {
    aborts.length = 0;
    const { get, stop } = start({}, mapped);
    try {
      await expectTimedOut(await get("/stuck/route"));
    } finally {
      await stop();
    }
  });

  it("global middleware before a route with @Timeout: 503, and its signal fires", async () => {
    aborts.length = 0;
    const { get, stop } = start({ middleware: [stuck] }, mapped);
    try {
      await expectTimedOut(await get("/stuck/global"));
    } finally {
      await stop();
    }
  });

  it("global middleware under limits.timeout, before a 404: 503, and its signal fires", async () => {
    aborts.length = 0;
    const { get, stop } = start({ middleware: [stuck], limits: { timeout } }, mapped);
    try {
      await expectTimedOut(await get("/no/such/path"));
    } finally {
      await stop();
    }
  });
});
