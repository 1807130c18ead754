import { describe, expect, it } from "vitest";
import { Controller } from "../controller/controller.js";
import { Inject } from "../decorators/inject.js";
import { Injectable } from "../decorators/injectable.js";
import { Route } from "../decorators/route.js";
import { UseGuards } from "../decorators/use-guards.js";
import { Get } from "../decorators/verbs.js";
import { expectConfigError } from "../test-helpers/expect-config-error.js";
import { send, testApp } from "../test-helpers/test-app.js";
import { REQUEST } from "./built-in-tokens.js";

let made = 0;

@Injectable({ scope: "request" })
class RequestId {
  readonly value: string;
  constructor(@Inject(REQUEST) request: Request) {
    made++;
    this.value = request.headers.get("x-request-id") ?? "none";
  }
}

class Clock {
  readonly started = "t0";
}

// No scope of its own: it depends on a request-scoped provider, so it is made per request too.
@Injectable()
class AuditTrail {
  constructor(
    readonly id: RequestId,
    readonly clock: Clock,
  ) {}
}

@Route("/scoped")
class ScopedController extends Controller {
  private calls = 0;
  constructor(
    private readonly id: RequestId,
    private readonly audit: AuditTrail,
  ) {
    super();
  }

  @Get()
  get() {
    this.calls++;
    this.setHeader("x-calls", String(this.calls));
    // One RequestId per request, shared by the controller and AuditTrail.
    return { id: this.id.value, same: this.audit.id === this.id, clock: this.audit.clock.started };
  }
}

@Route("/plain")
class PlainController extends Controller {
  constructor(readonly clock: Clock) {
    super();
  }
  @Get()
  get() {
    return { clock: this.clock.started };
  }
}

describe("request-scoped providers", () => {
  const app = testApp([ScopedController, PlainController], {
    providers: [RequestId, AuditTrail, Clock],
  });

  it("makes one instance per request, shared by everything that request needs", async () => {
    made = 0;
    const first = await send(app, "GET", "/scoped", { headers: { "x-request-id": "a" } });
    const second = await send(app, "GET", "/scoped", { headers: { "x-request-id": "b" } });
    expect(await first.json()).toEqual({ id: "a", same: true, clock: "t0" });
    expect(await second.json()).toEqual({ id: "b", same: true, clock: "t0" });
    expect(made).toBe(2);
    // A fresh controller per request: its fields start over.
    expect(second.headers.get("x-calls")).toBe("1");
  });

  it("makes nothing per request for routes that need no request-scoped provider", async () => {
    made = 0;
    expect(await (await send(app, "GET", "/plain")).json()).toEqual({ clock: "t0" });
    expect(made).toBe(0);
  });

  it("makes a provider given with scope: request per request too", async () => {
    let calls = 0;
    const TENANT = Symbol("tenant");
    @Route("/tenant")
    class TenantController extends Controller {
      constructor(@Inject(TENANT) private readonly tenant: { name: string }) {
        super();
      }
      @Get()
      get() {
        return this.tenant;
      }
    }
    const tenants = testApp([TenantController], {
      providers: [
        {
          provide: TENANT,
          scope: "request",
          inject: [REQUEST],
          useFactory: (request: Request) => {
            calls++;
            return { name: new URL(request.url).searchParams.get("t") ?? "" };
          },
        },
      ],
    });
    expect(await (await send(tenants, "GET", "/tenant?t=acme")).json()).toEqual({ name: "acme" });
    expect(await (await send(tenants, "GET", "/tenant?t=globex")).json()).toEqual({
      name: "globex",
    });
    expect(calls).toBe(2);
  });

  it("answers 500 (logged, no detail) when a request-scoped constructor throws", async () => {
    @Injectable({ scope: "request" })
    class Broken {
      constructor() {
        throw new Error("secret detail");
      }
    }
    @Route("/broken")
    class BrokenController extends Controller {
      constructor(readonly broken: Broken) {
        super();
      }
      @Get()
      get() {
        return 1;
      }
    }
    const broken = testApp([BrokenController], { providers: [Broken] });
    const response = await send(broken, "GET", "/broken");
    expect(response.status).toBe(500);
    expect(await response.text()).not.toContain("secret");
    expect(broken.logged.length).toBe(1);
  });

  it("refuses an explicit singleton that depends on a request-scoped provider", () => {
    @Injectable({ scope: "singleton" })
    class Cache {
      constructor(readonly id: RequestId) {}
    }
    expectConfigError(
      () => testApp([PlainController], { providers: [RequestId, Cache, Clock] }),
      "REQUEST_SCOPE_IN_SINGLETON",
      'Cache (declared scope "singleton")',
      "RequestId, which is request-scoped",
    );
  });

  it("refuses a guard that depends on a request-scoped provider", () => {
    @Injectable()
    class Guard {
      constructor(readonly id: RequestId) {}
      canActivate() {
        return true;
      }
    }
    @Route("/guarded")
    @UseGuards(Guard)
    class Guarded extends Controller {
      @Get()
      get() {
        return 1;
      }
    }
    expectConfigError(
      () => testApp([Guarded], { providers: [RequestId] }),
      "REQUEST_SCOPE_IN_SINGLETON",
      "Guard (a guard or interceptor is a singleton)",
    );
  });

  it("refuses REQUEST in a singleton made directly and a bad @Injectable scope", () => {
    @Injectable({ scope: "singleton" })
    class Reader {
      constructor(@Inject(REQUEST) readonly request: Request) {}
    }
    expectConfigError(
      () => testApp([PlainController], { providers: [Reader, Clock] }),
      "REQUEST_SCOPE_IN_SINGLETON",
      "Reader",
    );
    @Injectable({ scope: "daily" as never })
    class Odd {}
    expectConfigError(
      () => testApp([PlainController], { providers: [Odd, Clock] }),
      "INVALID_PROVIDER",
      'Odd: @Injectable scope "daily"',
    );
  });
});
