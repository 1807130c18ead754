import { describe, expect, it } from "vitest";
import { Controller } from "../controller/controller.js";
import { Inject } from "../decorators/inject.js";
import { Injectable } from "../decorators/injectable.js";
import { Route } from "../decorators/route.js";
import { Get } from "../decorators/verbs.js";
// biome-ignore lint/style/useImportType: injected by its reflected type, so it must be a value import
import { AppState } from "../di/built-in-tokens.js";
import { TrellisConfigError } from "../errors/trellis-config-error.js";
import { expectConfigError } from "../test-helpers/expect-config-error.js";
import { send, testApp } from "../test-helpers/test-app.js";

const events: string[] = [];

@Injectable()
class Database {
  connected = false;
  onInit() {
    events.push("Database.onInit");
    this.connected = true;
  }
  onShutdown() {
    events.push("Database.onShutdown");
    this.connected = false;
  }
}

@Injectable()
class Repository {
  constructor(readonly database: Database) {}
  onInit() {
    // Runs after the database's onInit: its dependency is ready.
    events.push(`Repository.onInit (database connected: ${this.database.connected})`);
  }
  onShutdown() {
    events.push("Repository.onShutdown");
  }
}

@Route("/items")
class ItemController extends Controller {
  constructor(
    private readonly repository: Repository,
    @Inject("config") private readonly config: { region: string },
    private readonly state: AppState,
  ) {
    super();
  }
  @Get()
  list() {
    return { connected: this.repository.database.connected, region: this.config.region };
  }
  @Get("/ready")
  ready() {
    return { status: this.state.status };
  }
}

/** A promise and the function that settles it, for async factories the test controls. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  return { promise, resolve, reject };
}

describe("lifecycle", () => {
  it("stays synchronous without async work: ready at once, hooks run in dependency order", async () => {
    events.length = 0;
    const app = testApp([ItemController], {
      providers: [Repository, Database, { provide: "config", useValue: { region: "eu" } }],
    });
    expect(app.state.status).toBe("ready");
    expect(events).toEqual(["Database.onInit", "Repository.onInit (database connected: true)"]);
    await app.ready;
    expect(await (await send(app, "GET", "/items")).json()).toEqual({
      connected: true,
      region: "eu",
    });
    events.length = 0;
    await app.close({ graceMs: 100 });
    expect(events).toEqual(["Repository.onShutdown", "Database.onShutdown"]);
    expect(app.state.status).toBe("closed");
    // Idempotent: the hooks ran once.
    await app.close();
    expect(events).toHaveLength(2);
  });

  it("answers 503 with Retry-After until an async factory is done, then serves", async () => {
    events.length = 0;
    const config = deferred<{ region: string }>();
    const app = testApp([ItemController], {
      providers: [Repository, Database, { provide: "config", useFactory: () => config.promise }],
    });
    expect(app.state.status).toBe("starting");
    const early = await send(app, "GET", "/items");
    expect(early.status).toBe(503);
    expect(early.headers.get("retry-after")).toBe("1");
    expect(early.headers.get("content-type")).toBe("application/problem+json");
    expect(((await early.json()) as { detail: string }).detail).toBe(
      "The service is starting; retry shortly.",
    );
    // Unknown paths are still 404: the router works from the start.
    expect((await send(app, "GET", "/nope")).status).toBe(404);

    config.resolve({ region: "us" });
    await app.ready;
    expect(app.state.status).toBe("ready");
    expect(events).toEqual(["Database.onInit", "Repository.onInit (database connected: true)"]);
    expect(await (await send(app, "GET", "/items")).json()).toEqual({
      connected: true,
      region: "us",
    });
    expect(await (await send(app, "GET", "/items/ready")).json()).toEqual({ status: "ready" });
    await app.close();
  });

  it("waits for an async onInit, in order, before ready", async () => {
    const order: string[] = [];
    @Injectable()
    class Slow {
      async onInit() {
        await new Promise((resolve) => setTimeout(resolve, 5));
        order.push("Slow");
      }
    }
    @Injectable()
    class After {
      constructor(readonly slow: Slow) {}
      onInit() {
        order.push("After");
      }
    }
    const app = testApp([ItemController], {
      providers: [After, Slow, Repository, Database, { provide: "config", useValue: {} }],
    });
    expect(app.state.status).toBe("starting");
    expect((await send(app, "GET", "/items")).status).toBe(503);
    await app.ready;
    expect(order).toEqual(["Slow", "After"]);
  });

  it("rejects app.ready naming the provider whose onInit failed", async () => {
    @Injectable()
    class Broker {
      async onInit() {
        throw new Error("connection refused");
      }
    }
    const app = testApp([ItemController], {
      providers: [Broker, Repository, Database, { provide: "config", useValue: {} }],
    });
    const error = await app.ready.then(
      () => undefined,
      (reason: unknown) => reason,
    );
    expect(error).toBeInstanceOf(TrellisConfigError);
    expect((error as TrellisConfigError).code).toBe("PROVIDER_INIT_FAILED");
    expect((error as Error).message).toContain("Broker.onInit() failed: connection refused");
    expect(app.state.status).toBe("failed");
    expect((await send(app, "GET", "/items")).status).toBe(503);
  });

  it("rejects app.ready when an async factory rejects, naming it", async () => {
    const app = testApp([ItemController], {
      providers: [
        Repository,
        Database,
        {
          provide: "config",
          useFactory: async () => {
            throw new Error("vault sealed");
          },
        },
      ],
    });
    await expect(app.ready).rejects.toThrow('the factory of "config" threw: vault sealed');
  });

  it("reports a controller's missing provider at once, even with async providers", () => {
    expectConfigError(
      () =>
        testApp([ItemController], {
          providers: [{ provide: "config", useFactory: async () => ({}) }],
        }),
      "MISSING_PROVIDER",
      "ItemController constructor parameter #0 needs Repository",
    );
  });

  it("throws from createApp when a synchronous onInit fails (nothing async started)", () => {
    @Injectable()
    class Strict {
      onInit() {
        throw new Error("bad settings");
      }
    }
    expectConfigError(
      () =>
        testApp([ItemController], {
          providers: [Strict, Repository, Database, { provide: "config", useValue: {} }],
        }),
      "PROVIDER_INIT_FAILED",
      "Strict.onInit() failed: bad settings",
    );
  });

  it("flips readiness first on close, and logs a failing onShutdown without stopping the others", async () => {
    const seen: string[] = [];
    @Injectable()
    class First {
      onShutdown() {
        seen.push("First");
      }
    }
    @Injectable()
    class Second {
      constructor(
        readonly first: First,
        readonly state: AppState,
      ) {}
      onShutdown() {
        seen.push(`Second saw ${this.state.status}`);
        throw new Error("flush failed");
      }
    }
    const app = testApp([ItemController], {
      providers: [Second, First, Repository, Database, { provide: "config", useValue: {} }],
    });
    const closing = app.close({ graceMs: 50 });
    expect(app.state.status).toBe("closing");
    expect(app.state.isReady).toBe(false);
    await closing;
    expect(seen).toEqual(["Second saw closing", "First"]);
    expect(app.logged.map((entry) => entry[0])).toContain("Second.onShutdown() failed");
    await expect(app.close({ graceMs: -1 })).rejects.toThrow("graceMs");
  });
});
