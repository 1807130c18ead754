import { describe, expect, it } from "vitest";
import { Controller } from "../controller/controller.js";
import { Param } from "../decorators/bindings.js";
import { Inject } from "../decorators/inject.js";
import { Injectable } from "../decorators/injectable.js";
import { Route } from "../decorators/route.js";
import { Get } from "../decorators/verbs.js";
import { expectConfigError } from "../test-helpers/expect-config-error.js";
import { send, testApp } from "../test-helpers/test-app.js";
import { Container } from "./container.js";
import { normalizeProviders } from "./provider.js";

// The container as createApp makes it: from the checked `providers` option.
const containerOf = (providers: unknown) => new Container(normalizeProviders(providers));

class Config {
  readonly greeting = "hello";
}

let repositories = 0;

@Injectable()
class UserRepository {
  constructor(readonly config: Config) {
    repositories++;
  }
}

const CLOCK = Symbol("clock");

@Injectable()
class UserService {
  constructor(
    readonly users: UserRepository,
    @Inject("prefix") readonly prefix: string,
    @Inject(CLOCK) readonly clock: () => number,
  ) {}

  greet(name: string) {
    return `${this.prefix}${this.users.config.greeting} ${name} at ${this.clock()}`;
  }
}

@Route("/di")
class GreetingController extends Controller {
  constructor(private readonly service: UserService) {
    super();
  }

  @Get()
  greet() {
    return this.service.greet("ada");
  }
}

const providers = [
  Config,
  UserRepository,
  { provide: UserService, useClass: UserService },
  { provide: "prefix", useValue: "> " },
  {
    provide: CLOCK,
    useFactory: (config: Config) => () => config.greeting.length,
    inject: [Config],
  },
];

describe("dependency injection", () => {
  it("injects controllers by reflected type and @Inject token; singletons", async () => {
    const app = testApp([GreetingController], { providers });
    expect(await (await send(app, "GET", "/di")).json()).toBe("> hello ada at 5");
    expect(repositories).toBe(1);
    await send(app, "GET", "/di");
    expect(repositories).toBe(1);

    const container = containerOf(providers);
    const service = container.resolve(UserService, "test") as UserService;
    expect(container.resolve(UserService, "test")).toBe(service);
    expect(container.instance(UserService)).toBe(service);
    expect(container.resolve(UserRepository, "test")).toBe(service.users);
  });

  it("lets a later provider of a token replace an earlier one", async () => {
    const app = testApp([GreetingController], {
      providers: [...providers, { provide: "prefix", useValue: "$ " }],
    });
    expect(await (await send(app, "GET", "/di")).json()).toBe("$ hello ada at 5");
  });

  it("names consumer, parameter and token when a provider is missing", () => {
    expectConfigError(
      () => testApp([GreetingController]),
      "MISSING_PROVIDER",
      "GreetingController constructor parameter #0",
      "UserService",
    );
    expectConfigError(
      () => testApp([GreetingController], { providers: providers.filter((p) => p !== Config) }),
      "MISSING_PROVIDER",
      "UserRepository constructor parameter #0",
      "Config",
    );
    expectConfigError(
      () =>
        containerOf([{ provide: "x", useFactory: () => 1, inject: ["missing"] }]).instantiateAll(),
      "MISSING_PROVIDER",
      '"x" (inject[0])',
      '"missing"',
    );
  });

  it("explains types TypeScript could not emit", () => {
    interface Mailer {
      send(): void;
    }
    @Injectable()
    class Notifier {
      constructor(readonly mailer: Mailer) {}
    }
    expectConfigError(
      () => containerOf([Notifier]).instantiateAll(),
      "MISSING_PROVIDER",
      "Notifier constructor parameter #0",
      "reflected as Object",
      "@Inject(token)",
    );
    // Not decorated: no parameter types at all.
    class Plain {
      constructor(readonly config: Config) {}
    }
    expectConfigError(
      () => containerOf([Config, Plain]).instantiateAll(),
      "MISSING_PROVIDER",
      "Plain constructor parameter #0",
      "@Injectable()",
    );
  });

  it("reports a dependency cycle with its chain", () => {
    @Injectable()
    class A {
      constructor(@Inject("b") readonly b: unknown) {}
    }
    @Injectable()
    class B {
      constructor(readonly a: A) {}
    }
    expectConfigError(
      () => containerOf([A, { provide: "b", useClass: B }]).instantiateAll(),
      "DEPENDENCY_CYCLE",
      'A -> "b" -> A',
    );
  });

  it("rejects malformed providers", () => {
    for (const [provider, part] of [
      [42, "providers[0]"],
      [{ useValue: 1 }, "providers[0]"],
      [{ provide: "", useValue: 1 }, "provide must be"],
      [{ provide: "x" }, "exactly one of"],
      [{ provide: "x", useValue: 1, useClass: Config }, "useClass, useValue"],
      [{ provide: "x", useClass: "Config" }, "useClass"],
      [{ provide: "x", useFactory: 1 }, "useFactory"],
      [{ provide: "x", useFactory: () => 1, inject: [1] }, "inject"],
    ] as const) {
      expectConfigError(() => containerOf([provider]), "INVALID_PROVIDER", part);
    }
    expectConfigError(() => containerOf("x"), "INVALID_OPTION", "providers");
    expectConfigError(
      () => containerOf([{ provide: "x", useFactory: async () => 1, scope: "request" }]),
      "INVALID_PROVIDER",
      "must return its value synchronously",
    );
    expectConfigError(
      () => containerOf([{ provide: "x", useClass: Config, scope: "daily" }]),
      "INVALID_PROVIDER",
      'scope of "x"',
    );
  });

  it("waits for an async factory: instantiateAll returns a promise only then", async () => {
    expect(containerOf([Config]).instantiateAll()).toBeUndefined();
    const container = containerOf([{ provide: "x", useFactory: async () => 1 }]);
    const made = container.instantiateAll();
    expect(made).toBeInstanceOf(Promise);
    await made;
    expect(container.resolve("x", "test")).toBe(1);
  });

  it("reports a throwing constructor or factory, keeping the cause", () => {
    class Broken {
      constructor() {
        throw new Error("no database");
      }
    }
    expectConfigError(
      () => containerOf([Broken]).instantiateAll(),
      "PROVIDER_FAILED",
      "Broken's constructor threw: no database",
    );
    expectConfigError(
      () =>
        containerOf([
          {
            provide: "db",
            useFactory: () => {
              throw new Error("down");
            },
          },
        ]).instantiateAll(),
      "PROVIDER_FAILED",
      'factory of "db" threw: down',
    );
  });

  it("reports @Inject on a method parameter", () => {
    @Route("/x")
    class Misplaced extends Controller {
      @Get()
      get(@Inject("prefix") _prefix: string) {}
    }
    expectConfigError(
      () => testApp([Misplaced]),
      "INVALID_DECORATOR_TARGET",
      "Misplaced",
      "@Inject on a parameter of method get",
    );
  });

  it("keeps per-request state apart on a DI-built controller", async () => {
    const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    @Route("/state")
    class StateController extends Controller {
      constructor(private readonly config: Config) {
        super();
      }

      @Get("/:wait")
      async get(@Param("wait") wait: number) {
        this.setStatus(201);
        this.setHeader("x-greeting", this.config.greeting);
        await sleep(wait);
        return "ok";
      }

      @Get()
      plain() {
        return "plain";
      }
    }
    const app = testApp([StateController], { providers: [Config] });
    const [slow, fast] = await Promise.all([
      send(app, "GET", "/state/5"),
      send(app, "GET", "/state"),
    ]);
    expect(slow.status).toBe(201);
    expect(slow.headers.get("x-greeting")).toBe("hello");
    expect(fast.status).toBe(200);
    expect(fast.headers.get("x-greeting")).toBeNull();
  });
});
