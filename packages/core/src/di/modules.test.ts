import { jsonSchemaAdapter } from "@trellis/testing";
import { describe, expect, it } from "vitest";
import { buildDocument } from "../app/build-document.js";
import { createApp } from "../app/create-app.js";
import { Controller } from "../controller/controller.js";
import { Inject } from "../decorators/inject.js";
import { Injectable } from "../decorators/injectable.js";
import { Module } from "../decorators/module.js";
import { Route } from "../decorators/route.js";
import { UseGuards } from "../decorators/use-guards.js";
import { Get } from "../decorators/verbs.js";
import { expectConfigError } from "../test-helpers/expect-config-error.js";
import { send } from "../test-helpers/test-app.js";

class Database {
  readonly name = "main";
}

@Injectable()
class UserRepository {
  constructor(readonly database: Database) {}
  all() {
    return [{ id: "1", from: this.database.name }];
  }
}

@Module({ providers: [Database], exports: [Database] })
class DatabaseModule {}

@Route("/users")
class UserController extends Controller {
  constructor(private readonly users: UserRepository) {
    super();
  }
  @Get()
  list() {
    return this.users.all();
  }
}

@Module({ imports: [DatabaseModule], controllers: [UserController], providers: [UserRepository] })
class UsersModule {}

@Route("/status")
class StatusController extends Controller {
  constructor(private readonly database: Database) {
    super();
  }
  @Get()
  status() {
    return { database: this.database.name };
  }
}

const app = (options: Record<string, unknown>) =>
  createApp({ schema: jsonSchemaAdapter(), logger: { error() {} }, ...options });

describe("modules", () => {
  it("serves the controllers of imported modules with the providers they may see", async () => {
    const served = app({ imports: [UsersModule] });
    expect(await (await send(served, "GET", "/users")).json()).toEqual([{ id: "1", from: "main" }]);
  });

  it("accepts top-level controllers and providers beside imports, as before", async () => {
    const served = app({ imports: [UsersModule, DatabaseModule], controllers: [StatusController] });
    expect(await (await send(served, "GET", "/status")).json()).toEqual({ database: "main" });
    expect((await send(served, "GET", "/users")).status).toBe(200);
  });

  it("makes a module imported twice once: its providers are one instance", async () => {
    let made = 0;
    @Injectable()
    class Counter {
      constructor() {
        made++;
      }
    }
    @Module({ providers: [Counter], exports: [Counter] })
    class Shared {}
    @Module({ imports: [Shared] })
    class A {}
    @Module({ imports: [Shared], controllers: [UserController], providers: [UserRepository] })
    class B {}
    @Module({
      imports: [Shared, DatabaseModule],
      controllers: [UserController],
      providers: [UserRepository],
    })
    class C {}
    const served = app({ imports: [A, C] });
    expect(made).toBe(1);
    expect(served.modules.map((module) => module.name)).toEqual([
      "createApp",
      "Shared",
      "A",
      "DatabaseModule",
      "C",
    ]);
    // B's UserRepository needs Database, which no module of that app provides.
    expectConfigError(
      () => app({ imports: [B] }),
      "MISSING_PROVIDER",
      "Add it to the providers of B",
    );
  });

  it("describes the graph as data (app.modules)", () => {
    const served = app({ imports: [UsersModule, DatabaseModule], controllers: [StatusController] });
    expect(served.modules).toEqual([
      {
        name: "createApp",
        imports: ["UsersModule", "DatabaseModule"],
        controllers: ["StatusController"],
        providers: [],
        exports: [],
      },
      {
        name: "DatabaseModule",
        imports: [],
        controllers: [],
        providers: ["Database"],
        exports: ["Database"],
      },
      {
        name: "UsersModule",
        imports: ["DatabaseModule"],
        controllers: ["UserController"],
        providers: ["UserRepository"],
        exports: [],
      },
    ]);
  });

  it("refuses a provider the module cannot see, naming both modules and the fix", () => {
    @Module({ providers: [Database] })
    class Hidden {}
    @Module({ imports: [Hidden], controllers: [UserController], providers: [UserRepository] })
    class Users {}
    expectConfigError(
      () => app({ imports: [Users] }),
      "PROVIDER_NOT_VISIBLE",
      "UserRepository constructor parameter #0 (in Users) needs Database",
      "add Database to the exports of Hidden",
    );
    // Exported but not imported by the consumer's module.
    expectConfigError(
      () => app({ imports: [UsersModule], controllers: [StatusController] }),
      "PROVIDER_NOT_VISIBLE",
      "StatusController constructor parameter #0 (in createApp) needs Database",
      "import DatabaseModule into createApp",
    );
  });

  it("applies visibility to guards used by a module's controllers", () => {
    @Injectable()
    class NeedsDatabase {
      constructor(readonly database: Database) {}
      canActivate() {
        return true;
      }
    }
    @Route("/guarded")
    @UseGuards(NeedsDatabase)
    class Guarded extends Controller {
      @Get()
      get() {
        return 1;
      }
    }
    @Module({ controllers: [Guarded] })
    class Lonely {}
    expectConfigError(
      () => app({ imports: [Lonely, DatabaseModule] }),
      "PROVIDER_NOT_VISIBLE",
      "(in Lonely)",
    );
    @Module({ imports: [DatabaseModule], controllers: [Guarded] })
    class Connected {}
    expect(() => app({ imports: [Connected] })).not.toThrow();
  });

  it("reports an import cycle with the cycle in the message", () => {
    @Module({ imports: [] })
    class Orders {}
    @Module({ imports: [Orders] })
    class Billing {}
    // Close the loop after both exist: Orders imports Billing.
    Module({ imports: [Billing] })(Orders);
    @Module({ imports: [Billing], controllers: [StatusController] })
    class Root {}
    expectConfigError(
      () => app({ imports: [Root] }),
      "MODULE_IMPORT_CYCLE",
      "Billing -> Orders -> Billing",
    );
  });

  it("refuses exports of something not declared or imported", () => {
    @Module({ providers: [], exports: [Database] })
    class Liar {}
    expectConfigError(
      () => app({ imports: [Liar], controllers: [StatusController] }),
      "INVALID_MODULE_EXPORT",
      "Liar exports Database",
    );
    @Module({ exports: [DatabaseModule] })
    class Stranger {}
    expectConfigError(
      () => app({ imports: [Stranger], controllers: [StatusController] }),
      "INVALID_MODULE_EXPORT",
      "the module DatabaseModule, which it does not import",
    );
  });

  it("re-exports an imported module's exports", async () => {
    @Module({ imports: [DatabaseModule], exports: [DatabaseModule] })
    class Core {}
    const served = app({ imports: [Core], controllers: [StatusController] });
    expect((await send(served, "GET", "/status")).status).toBe(200);
  });

  it("refuses the same token from two modules", () => {
    @Module({ providers: [Database], exports: [Database] })
    class Other {}
    expectConfigError(
      () => app({ imports: [DatabaseModule, Other], controllers: [StatusController] }),
      "DUPLICATE_PROVIDER",
      "Database is provided by both DatabaseModule and Other",
    );
    expectConfigError(
      () =>
        app({ imports: [DatabaseModule], providers: [Database], controllers: [StatusController] }),
      "DUPLICATE_PROVIDER",
      "both createApp and DatabaseModule",
    );
  });

  it("refuses imports that are not modules and malformed definitions", () => {
    expectConfigError(
      () => app({ imports: [Database] }),
      "NOT_A_MODULE",
      "createApp imports[0]",
      "class Database",
    );
    @Module({ imports: [42] } as never)
    class Bad {}
    expectConfigError(() => app({ imports: [Bad] }), "NOT_A_MODULE", "Bad imports[0]");
    @Module({ controller: [] } as never)
    class Typo {}
    expectConfigError(
      () => app({ imports: [Typo] }),
      "INVALID_MODULE",
      "Typo: @Module does not know controller",
    );
    @Module({ providers: {} } as never)
    class NotArray {}
    expectConfigError(
      () => app({ imports: [NotArray] }),
      "INVALID_MODULE",
      "NotArray: @Module providers must be an array",
    );
  });

  it("needs a controller somewhere: top level or in a module", () => {
    expectConfigError(() => app({ imports: [DatabaseModule] }), "MISSING_CONTROLLERS", "imports");
  });

  it("builds the document from modules' controllers too", () => {
    const document = buildDocument({ schema: jsonSchemaAdapter(), imports: [UsersModule] });
    expect(Object.keys(document.paths)).toEqual(["/users"]);
  });

  it("keeps @Inject tokens working across modules", async () => {
    const URL_TOKEN = Symbol("url");
    @Module({
      providers: [{ provide: URL_TOKEN, useValue: "sqlite::memory:" }],
      exports: [URL_TOKEN],
    })
    class Config {}
    @Route("/url")
    class UrlController extends Controller {
      constructor(@Inject(URL_TOKEN) private readonly url: string) {
        super();
      }
      @Get()
      get() {
        return { url: this.url };
      }
    }
    @Module({ imports: [Config], controllers: [UrlController] })
    class Web {}
    expect(await (await send(app({ imports: [Web] }), "GET", "/url")).json()).toEqual({
      url: "sqlite::memory:",
    });
  });
});
