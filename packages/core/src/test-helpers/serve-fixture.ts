// A real server process for serve-app.test.ts: `bun src/test-helpers/serve-fixture.ts`.
// START_DELAY_MS delays an async provider; FAIL_INIT makes an onInit fail; GRACE_MS sets graceMs, DRAIN_MS drainMs.

import { createApp } from "../app/create-app.js";
import { serve } from "../app/serve-app.js";
import { Controller } from "../controller/controller.js";
import { Query } from "../decorators/bindings.js";
import { Inject } from "../decorators/inject.js";
import { Injectable } from "../decorators/injectable.js";
import { Route } from "../decorators/route.js";
import { Get } from "../decorators/verbs.js";
// biome-ignore lint/style/useImportType: injected by its reflected type, so it must be a value import
import { AppState } from "../di/built-in-tokens.js";
import type { SchemaAdapter } from "../schema/schema-adapter.js";

// This process runs alone under Bun (no test runner's aliases), and its one route binds a named
// query parameter, typed by reflection: an adapter that owns no schema is all it needs.
const noSchemas: SchemaAdapter = {
  name: "no-schemas",
  isSchema: () => false,
  compile: () => {
    throw new Error("the serve fixture declares no schema");
  },
  toJsonSchema: () => {
    throw new Error("the serve fixture declares no schema");
  },
};

@Injectable()
class Connection {
  onInit() {
    if (process.env.FAIL_INIT) throw new Error("database unreachable");
  }
  async onShutdown() {
    console.log("shutdown: connection closed");
  }
}

@Route("/work")
class WorkController extends Controller {
  constructor(
    readonly connection: Connection,
    @Inject("settings") readonly settings: { ready: true },
  ) {
    super();
  }

  @Get()
  async work(@Query("ms") ms: number) {
    if (ms > 0) console.log(`working ${ms}`); // the test signals once the request is in flight
    await new Promise((resolve) => setTimeout(resolve, ms ?? 0));
    return { done: true };
  }
}

@Route("/health")
class HealthController extends Controller {
  constructor(readonly state: AppState) {
    super();
  }

  @Get()
  status() {
    if (this.state.status !== "ready") this.setStatus(503);
    return { status: this.state.status };
  }
}

const delay = Number(process.env.START_DELAY_MS ?? 0);
const app = createApp({
  schema: noSchemas,
  controllers: [WorkController, HealthController],
  providers: [
    Connection,
    {
      provide: "settings",
      useFactory: () =>
        delay > 0
          ? new Promise((resolve) => setTimeout(() => resolve({ ready: true }), delay))
          : { ready: true },
    },
  ],
});
const server = serve(app, {
  port: 0,
  hostname: "127.0.0.1",
  graceMs: Number(process.env.GRACE_MS ?? 10_000),
  ...(process.env.DRAIN_MS ? { drainMs: Number(process.env.DRAIN_MS) } : {}),
});
console.log(`listening ${server.url.href}`);
app.ready.then(
  () => console.log("ready"),
  () => {},
);
