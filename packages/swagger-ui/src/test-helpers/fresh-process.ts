import { spawnSync } from "node:child_process";
import { createRequire } from "node:module";
import { resolve } from "node:path";

/** What `createApp({ docs: { swagger: true } })` did in the fresh process. */
export interface FreshOutcome {
  readonly threw: boolean;
  readonly name?: string;
  readonly code?: string;
  readonly message?: string;
  /** The routes the app serves, when it was created. */
  readonly routes?: string[];
}

const coreSource = resolve(import.meta.dirname, "..", "..", "..", "core", "src", "index.ts");
// The JSON-Schema test adapter's source file (@trellis/testing exports its TypeScript directly).
const adapterSource = createRequire(import.meta.url).resolve("@trellis/testing");

/**
 * Calls `createApp({ ..., docs: { swagger: true } })` in a fresh Bun process working in `cwd`, the
 * way an app that did (or did not) install `@trellis/swagger-ui` starts. pnpm's bin shims put
 * every workspace package on NODE_PATH, which would make the package visible from anywhere, so
 * the child runs without it. Decorators are applied as calls: the script is not compiled with
 * this package's tsconfig.
 */
export function createAppInFreshProcess(cwd: string): FreshOutcome {
  const script = `
    const { Controller, createApp, Get, Returns, Route } = await import(${JSON.stringify(coreSource)});
    const { jsonSchemaAdapter } = await import(${JSON.stringify(adapterSource)});
    class PingController extends Controller {
      ping() { return { pong: true }; }
    }
    const descriptor = Object.getOwnPropertyDescriptor(PingController.prototype, "ping");
    Get()(PingController.prototype, "ping", descriptor);
    Returns(200)(PingController.prototype, "ping", descriptor);
    Route("/ping")(PingController);
    try {
      const app = createApp({ schema: jsonSchemaAdapter(), controllers: [PingController], docs: { swagger: true } });
      console.log(JSON.stringify({ threw: false, routes: Object.keys(app.routes) }));
    } catch (error) {
      console.log(JSON.stringify({ threw: true, name: error.name, code: error.code, message: error.message }));
    }`;
  const env = { ...process.env };
  delete env.NODE_PATH;
  const result = spawnSync(process.execPath, ["-e", script], {
    cwd,
    env,
    encoding: "utf8",
    timeout: 30_000,
  });
  if (result.status !== 0) {
    throw new Error(`the fresh process failed (${result.status}): ${result.stderr}`);
  }
  return JSON.parse(result.stdout.trim().split("\n").at(-1) ?? "{}") as FreshOutcome;
}
