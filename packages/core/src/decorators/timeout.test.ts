import { describe, expect, it } from "vitest";
import { Controller } from "../controller/controller.js";
import { expectConfigError } from "../test-helpers/expect-config-error.js";
import { send, testApp } from "../test-helpers/test-app.js";
import { Route } from "./route.js";
import { Timeout } from "./timeout.js";
import { Get } from "./verbs.js";

const never = new Promise<never>(() => {});

@Route("/slow")
@Timeout(30)
class SlowController extends Controller {
  @Get("/never")
  async forever() {
    const signal = this.signal;
    signal.addEventListener("abort", () => SlowController.seen.push(signal.reason));
    return await never;
  }

  @Get("/fast")
  fast() {
    return { ok: true, aborted: this.signal.aborted };
  }

  @Get("/own")
  @Timeout(60_000)
  async own() {
    return { own: true };
  }

  static seen: unknown[] = [];
}

@Route("/plain")
class PlainController extends Controller {
  @Get()
  async plain() {
    return await never;
  }

  @Get("/signal")
  readSignal() {
    return { aborted: this.signal.aborted };
  }
}

describe("@Timeout and limits.timeout", () => {
  it("answer 503 problem+json once the time passes, and abort the handler's signal", async () => {
    const app = testApp([SlowController]);
    const response = await send(app, "GET", "/slow/never");
    expect(response.status).toBe(503);
    expect(response.headers.get("content-type")).toBe("application/problem+json");
    expect(await response.json()).toEqual({
      type: "about:blank",
      title: "Service Unavailable",
      status: 503,
      detail: "The request took longer than the route allows.",
      requestId: expect.stringMatching(/^[0-9a-f]{12}-/),
    });
    expect(SlowController.seen).toHaveLength(1);
    expect((SlowController.seen[0] as Error).name).toBe("TimeoutError");
    expect(app.logged).toEqual([]);
  });

  it("leave answers in time alone; a method's timeout wins over its class's", async () => {
    const app = testApp([SlowController]);
    expect(await (await send(app, "GET", "/slow/fast")).json()).toEqual({
      ok: true,
      aborted: false,
    });
    expect(await (await send(app, "GET", "/slow/own")).json()).toEqual({ own: true });
  });

  it("apply limits.timeout to routes without their own, and document the 503", async () => {
    const app = testApp([PlainController], { limits: { timeout: 30 } });
    expect((await send(app, "GET", "/plain")).status).toBe(503);
    type Documented = { get: { responses: Record<string, unknown> } };
    const responses = (app.document.paths["/plain"] as Documented).get.responses;
    expect(responses["503"]).toMatchObject({ description: expect.stringContaining("timeout") });
    const untimed = testApp([PlainController]);
    expect(await (await send(untimed, "GET", "/plain/signal")).json()).toEqual({ aborted: false });
    expect((untimed.document.paths["/plain"] as Documented).get.responses["503"]).toBeUndefined();
  });

  it("refuse a timeout that is not a positive integer number of milliseconds", () => {
    expectConfigError(
      () => testApp([PlainController], { limits: { timeout: 0 } }),
      "INVALID_DURATION",
      "limits.timeout",
    );
    class Bad extends Controller {
      @Get() @Timeout(1.5) get() {}
    }
    expectConfigError(() => testApp([Bad]), "INVALID_DURATION", "Bad.get", "timeout");
  });
});
