import { describe, expect, it } from "vitest";
import { Controller } from "../controller/controller.js";
import { Param } from "../decorators/bindings.js";
import { Inject } from "../decorators/inject.js";
import { Injectable } from "../decorators/injectable.js";
import { Route } from "../decorators/route.js";
import { UseInterceptors } from "../decorators/use-interceptors.js";
import { Get } from "../decorators/verbs.js";
import { ConflictException } from "../errors/http-exceptions.js";
import { expectConfigError } from "../test-helpers/expect-config-error.js";
import { send, testApp } from "../test-helpers/test-app.js";
import type { ExecutionContext } from "./execution-context.js";
import type { CallHandler, Interceptor } from "./interceptor.js";

@Injectable()
class Envelope implements Interceptor {
  constructor(@Inject("version") private readonly version: string) {}

  async intercept(context: ExecutionContext, next: CallHandler) {
    const data = await next();
    // What an inner interceptor answered with a Response passes through unwrapped.
    if (data instanceof Response) return data;
    return { data, version: this.version, handler: context.handler };
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

@Route("/i")
@UseInterceptors(Envelope)
class InterceptedController extends Controller {
  @Get("/value/:id")
  value(@Param("id") id: string) {
    this.setStatus(202);
    this.setHeader("x-id", id);
    return { id };
  }

  @Get("/async")
  async later() {
    await sleep(1);
    return "later";
  }

  @Get("/response")
  @UseInterceptors(() => new Response("short-circuit", { status: 203 }))
  response() {
    throw new Error("never runs");
  }

  @Get("/throws")
  @UseInterceptors(async (_context: ExecutionContext, next: CallHandler) => {
    await next();
    throw new ConflictException("Changed meanwhile.");
  })
  throws() {
    return "fine";
  }

  @Get("/handler-throws")
  @UseInterceptors(async (_context: ExecutionContext, next: CallHandler) => {
    try {
      return await next();
    } catch {
      return "recovered";
    }
  })
  handlerThrows() {
    throw new Error("handler failed");
  }
}

const app = testApp([InterceptedController], {
  providers: [{ provide: "version", useValue: "v2" }],
});

describe("interceptors", () => {
  it("wrap the handler and transform its value; status and headers stay the handler's", async () => {
    const response = await send(app, "GET", "/i/value/7");
    expect(response.status).toBe(202);
    expect(response.headers.get("x-id")).toBe("7");
    expect(await response.json()).toEqual({ data: { id: "7" }, version: "v2", handler: "value" });
    expect(await (await send(app, "GET", "/i/async")).json()).toMatchObject({ data: "later" });
  });

  it("may answer with a Response instead of running the handler", async () => {
    const response = await send(app, "GET", "/i/response");
    expect(response.status).toBe(203);
    expect(await response.text()).toBe("short-circuit");
  });

  it("may throw (a problem), or catch what the handler threw", async () => {
    const conflict = await send(app, "GET", "/i/throws");
    expect(conflict.status).toBe(409);
    expect(await conflict.json()).toMatchObject({ detail: "Changed meanwhile." });
    const recovered = await send(app, "GET", "/i/handler-throws");
    expect(recovered.status).toBe(200);
    expect(await recovered.json()).toMatchObject({ data: "recovered" });
  });

  it("run global, then class, then method, outermost first; next() runs the rest once", async () => {
    const trace: string[] = [];
    const named = (name: string) => async (_context: ExecutionContext, next: CallHandler) => {
      trace.push(`${name} in`);
      const value = await next();
      trace.push(`${name} out`);
      return `${name}(${String(value)})`;
    };
    let handled = 0;
    @Route("/o")
    @UseInterceptors(named("class"))
    class OrderController extends Controller {
      @Get()
      @UseInterceptors(named("method 1"), named("method 2"))
      @UseInterceptors(async (_context: ExecutionContext, next: CallHandler) => {
        const [first, second] = await Promise.all([next(), next()]);
        return first === second ? first : "twice";
      })
      get() {
        handled++;
        return "h";
      }
    }
    const ordered = testApp([OrderController], { interceptors: [named("global")] });
    expect(await (await send(ordered, "GET", "/o")).json()).toBe(
      "global(class(method 1(method 2(h))))",
    );
    expect(handled).toBe(1);
    expect(trace).toEqual([
      "global in",
      "class in",
      "method 1 in",
      "method 2 in",
      "method 2 out",
      "method 1 out",
      "class out",
      "global out",
    ]);
  });

  it("are checked at startup", () => {
    class NoIntercept {}
    @Route("/bad")
    class BadController extends Controller {
      @Get()
      @UseInterceptors(NoIntercept as never)
      get() {}
    }
    expectConfigError(() => testApp([BadController]), "INVALID_INTERCEPTOR", "BadController.get");
    expectConfigError(
      () => testApp([InterceptedController], { interceptors: [{}] as never }),
      "INVALID_INTERCEPTOR",
      "interceptors[0]",
    );
    // Envelope's "version" has no provider here.
    expectConfigError(
      () => testApp([InterceptedController]),
      "MISSING_PROVIDER",
      "Envelope constructor parameter #0",
      '"version"',
    );
  });
});
