import { afterAll } from "vitest";
import type { App } from "../app/app.js";

/** Sends a request with `method` to `path` of a served app. */
export type SendTo = (method: string, path: string) => Promise<Response>;

/**
 * Serves apps the way users do, `Bun.serve({ routes, fetch })` on a free port of 127.0.0.1, so
 * the route map's own entries answer; every server stops after the file's tests.
 */
export function servedApps(): (app: App) => SendTo {
  const servers: ReturnType<typeof Bun.serve>[] = [];
  afterAll(() => {
    for (const server of servers) server.stop(true);
  });
  return (app) => {
    const server = Bun.serve({
      port: 0,
      hostname: "127.0.0.1",
      routes: app.routes,
      fetch: app.fetch,
    });
    servers.push(server);
    return (method, path) => fetch(`http://127.0.0.1:${server.port}${path}`, { method });
  };
}
