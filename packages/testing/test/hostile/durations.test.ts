// Durations a timer cannot honour. Runtimes keep a delay in 32 bits and clamp a longer one to
// 1 ms: `limits.timeout: 2 ** 31` answered every route slower than 1 ms with 503, and an @Sse
// keepAlive of 2 ** 31 flooded streams with comments. Every duration option and decorator must
// refuse such a value at startup (INVALID_DURATION, naming the option and its maximum), and the
// largest value it accepts must behave as the long wait it is.
import { zod } from "@trellis/adapter-zod";
import {
  type App,
  type AppOptions,
  buildDocument,
  Controller,
  createApp,
  Get,
  Route,
  Sse,
  serve,
  Timeout,
  TrellisConfigError,
} from "@trellis/core";
import { describe, expect, it } from "vitest";
import { within } from "../../src/within.js";
import { type Served, serve as serveOnPort } from "./support/serve.js";

const maxTimer = 2 ** 31 - 1;

/** Values no timer can honour, and values that are not durations at all. */
const beyond = [2 ** 31, 1e12, Number.MAX_SAFE_INTEGER, Number.POSITIVE_INFINITY];
const malformed = [Number.NaN, -1, 1.5, "1000", null];

@Route("/plain")
class PlainController extends Controller {
  @Get()
  plain() {
    return { ok: true };
  }
}

/** Expects `run` to throw (or reject with) INVALID_DURATION naming `option` and `max`. */
async function expectRefused(run: () => unknown, option: string, max: number): Promise<void> {
  let thrown: unknown;
  try {
    await run();
  } catch (error) {
    thrown = error;
  }
  expect(thrown, `${option} was accepted`).toBeInstanceOf(TrellisConfigError);
  const { code, message } = thrown as TrellisConfigError;
  expect(code).toBe("INVALID_DURATION");
  expect(message).toContain(option);
  expect(message).toContain(String(max));
}

// Routes without @Returns: the document's warning about them is not what these tests look at.
const quiet = { openapi: { undeclaredResponses: "off" } } as const;

const app = (options: Partial<AppOptions> = {}): App =>
  createApp({ schema: zod(), controllers: [PlainController], ...quiet, ...options });

/** A controller whose one route has `@Timeout(value)` on the method. */
function timedMethod(value: unknown) {
  @Route("/timed")
  class TimedMethod extends Controller {
    @Get()
    @Timeout(value as number)
    get() {}
  }
  return TimedMethod;
}

/** The same on the class. */
function timedClass(value: unknown) {
  @Route("/timed")
  @Timeout(value as number)
  class TimedClass extends Controller {
    @Get()
    get() {}
  }
  return TimedClass;
}

function keptAlive(value: unknown) {
  @Route("/events")
  class KeptAlive extends Controller {
    @Sse("/", { keepAlive: value as number })
    async *events() {}
  }
  return KeptAlive;
}

const controllerWith = (controller: Function): Partial<AppOptions> => ({
  controllers: [controller as never],
});

describe("every duration refuses at startup what its timer cannot honour", () => {
  const cases: {
    readonly option: string;
    readonly max: number;
    /** 0 means none (or at once) for this option. */
    readonly zero: boolean;
    readonly start: (value: unknown) => unknown;
    /** The largest value is tried too (app.close would wait that long for drainMs). */
    readonly tryMax?: false;
  }[] = [
    {
      option: "createApp: limits.timeout",
      max: maxTimer,
      zero: false,
      start: (value) => app({ limits: { timeout: value as number } }),
    },
    {
      option: "buildDocument: limits.timeout",
      max: maxTimer,
      zero: false,
      start: (value) =>
        buildDocument({
          schema: zod(),
          controllers: [PlainController],
          ...quiet,
          limits: { timeout: value as number },
        }),
    },
    {
      option: "TimedMethod.get",
      max: maxTimer,
      zero: false,
      start: (value) => app(controllerWith(timedMethod(value))),
    },
    {
      option: "TimedClass.get",
      max: maxTimer,
      zero: false,
      start: (value) => app(controllerWith(timedClass(value))),
    },
    {
      option: "KeptAlive.events: @Sse keepAlive",
      max: maxTimer,
      zero: true,
      start: (value) => app(controllerWith(keptAlive(value))),
    },
    {
      option: "createApp: websocket.idleTimeout",
      max: 960,
      zero: false,
      start: (value) => app({ websocket: { idleTimeout: value as number } }),
    },
    ...(["graceMs", "drainMs"] as const).map((name) => ({
      option: `serve: ${name}`,
      max: maxTimer,
      zero: true,
      start: (value: unknown) => serveOnce({ [name]: value }),
    })),
    {
      option: "serve: idleTimeout",
      max: 255,
      zero: false,
      start: (value: unknown) => serveOnce({ idleTimeout: value }),
    },
    ...(["graceMs", "drainMs"] as const).map((name) => ({
      option: `app.close: ${name}`,
      max: maxTimer,
      zero: true,
      start: (value: unknown) => app().close({ [name]: value as number }),
      ...(name === "drainMs" ? { tryMax: false as const } : {}),
    })),
  ];

  /** `serve` with one option; a server it started anyway (the bug) is stopped at once. */
  function serveOnce(options: Record<string, unknown>): void {
    const served = serve(app(), {
      port: 0,
      hostname: "127.0.0.1",
      signals: false,
      exit: false,
      ...options,
    });
    void served.stop(true);
  }

  it.each(cases)("$option: refuses 2^31 ms and more, and what is no duration", async (rule) => {
    for (const value of [...beyond, ...malformed, ...(rule.zero ? [] : [0])]) {
      await expectRefused(() => rule.start(value), rule.option, rule.max);
    }
    // The bounds themselves are accepted (a refusal would throw, or reject at once).
    for (const value of rule.tryMax === false ? [0] : [rule.zero ? 0 : 1, rule.max]) {
      const started = rule.start(value);
      if (started instanceof Promise) expect(Bun.peek.status(started)).not.toBe("rejected");
      else expect(started === undefined || typeof started === "object").toBe(true);
    }
  });
});

describe("the largest duration accepted is a long wait, not 1 ms", () => {
  @Route("/slow")
  class SlowController extends Controller {
    @Get()
    @Timeout(maxTimer)
    async slow() {
      await Bun.sleep(20); // longer than the 1 ms a clamped timer would allow
      return { aborted: this.signal.aborted };
    }

    @Sse("/events", { keepAlive: maxTimer })
    async *events() {
      await Bun.sleep(50);
      yield { data: "first" };
    }
  }

  const start = (): Served =>
    serveOnPort(createApp({ schema: zod(), controllers: [SlowController], ...quiet }));

  it("@Timeout(2^31 - 1): a route that takes a while is answered, its signal not aborted", async () => {
    const served = start();
    try {
      const response = await served.request("/slow");
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ aborted: false });
    } finally {
      await served.stop();
    }
  });

  it("@Sse keepAlive 2^31 - 1: no keep-alive comment before the first event", async () => {
    const served = start();
    try {
      const response = await served.request("/slow/events");
      const reader = (response.body as ReadableStream<Uint8Array>).getReader();
      let text = "";
      while (!text.includes("data: first")) {
        const { done, value } = await within(reader.read(), 20, "the first event");
        if (done) break;
        text += new TextDecoder().decode(value);
      }
      await reader.cancel();
      expect(text).toContain("data: first");
      expect(text.match(/: keep-alive/g) ?? []).toEqual([]);
    } finally {
      await served.stop();
    }
  });
});
