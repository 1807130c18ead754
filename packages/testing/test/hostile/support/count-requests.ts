// Counts the requests each hostile suite makes the server answer, for the totals report
// (scripts/hostile-report.mjs): every `Bun.serve` a suite starts counts what reaches its handlers.
import { mkdirSync, writeFileSync } from "node:fs";
import { basename, join } from "node:path";
import { afterAll, beforeAll, expect } from "vitest";

type Handler = (...args: unknown[]) => unknown;

let requests = 0;
const counted = (handler: Handler): Handler => {
  const wrapped: Handler = (...args) => {
    requests += 1;
    return handler(...args);
  };
  // A function route value may carry per-method handlers (Trellis's "/*" entry): keep them.
  return Object.assign(wrapped, handler);
};

const countRoutes = (routes: Record<string, unknown>): Record<string, unknown> =>
  Object.fromEntries(
    Object.entries(routes).map(([path, value]) => {
      if (typeof value === "function") return [path, counted(value as Handler)];
      if (value === null || typeof value !== "object" || value instanceof Response) {
        return [path, value];
      }
      const methods = Object.entries(value as Record<string, unknown>).map(([method, handler]) => [
        method,
        typeof handler === "function" ? counted(handler as Handler) : handler,
      ]);
      return [path, Object.fromEntries(methods)];
    }),
  );

/**
 * Counts requests a suite's own process did not serve (an app it started as a child process), as
 * answered by the server: a suite adds them itself.
 */
export function countAnswered(count: number): void {
  requests += count;
}

const serve = Bun.serve;
let file: string | undefined;
beforeAll(() => {
  file = expect.getState().testPath;
  if (!file?.includes("/test/hostile/")) return;
  (Bun as { serve: unknown }).serve = (options: Record<string, unknown>) =>
    serve.call(Bun, {
      ...options,
      ...(options.routes ? { routes: countRoutes(options.routes as Record<string, unknown>) } : {}),
      ...(typeof options.fetch === "function" ? { fetch: counted(options.fetch as Handler) } : {}),
    } as never);
});

afterAll(() => {
  (Bun as { serve: unknown }).serve = serve;
  if (!file?.includes("/test/hostile/")) return;
  const folder = join(import.meta.dirname, "..", "..", "..", ".hostile");
  mkdirSync(folder, { recursive: true });
  const name = basename(file).replace(/\.test\.ts$/, "");
  writeFileSync(join(folder, `${name}.json`), JSON.stringify({ suite: name, requests }));
});
