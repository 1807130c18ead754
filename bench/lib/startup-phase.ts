// The startup phase of `pnpm bench`: time to first 200 and startup memory per target, createApp per
// adapter and route count, the Elysia + openapi build beside it, and import times.
import type { BenchOptions } from "./args.js";
import { measureCreateApp, measureElysiaBuild } from "./create-app-bench.js";
import { measureImports } from "./import-bench.js";
import { freePort } from "./ports.js";
import { rssMiB } from "./proc.js";
import type { CreateAppResult, ElysiaBuildResult, ImportResult, TargetResult } from "./results.js";
import { ServerProcess } from "./server-process.js";
import type { TrellisAdapter } from "./targets.js";

/** What the startup phase measured besides each target's own startup (kept in the results). */
export interface StartupResults {
  readonly createApp: CreateAppResult[];
  readonly elysiaBuild: ElysiaBuildResult[];
  readonly imports: ImportResult[];
}

async function measureStartup(result: TargetResult, runs: number, cpu: string): Promise<void> {
  for (let i = 0; i < runs; i++) {
    const { server, startedAt } = ServerProcess.start(result.target, await freePort(), cpu);
    try {
      const answeredAt = await server.waitForFirst200();
      result.first200Ms.push(answeredAt - startedAt);
      const rss = rssMiB(server.pid);
      if (rss !== undefined) result.startupRssMiB.push(rss);
    } catch (error) {
      result.startupFailure = (error as Error).message;
      return;
    } finally {
      await server.stop();
    }
  }
}

/** Measures every target's startup (into its result), then createApp, the Elysia build and imports. */
export async function startupPhase(
  results: TargetResult[],
  options: BenchOptions,
  log: (message: string) => void,
): Promise<StartupResults> {
  const createApp: CreateAppResult[] = [];
  const elysiaBuild: ElysiaBuildResult[] = [];
  for (const result of results) {
    log(`startup: ${result.target.id} x${options.startupRuns}`);
    await measureStartup(result, options.startupRuns, options.serverCpu);
  }
  const adapters = [
    ...new Set(results.map((r) => r.target.trellisAdapter).filter((a) => a !== undefined)),
  ] as TrellisAdapter[];
  for (const adapter of adapters) {
    for (const routes of options.routeCounts) {
      log(`createApp: ${adapter} ${routes} routes x${options.startupRuns}`);
      createApp.push(
        await measureCreateApp(adapter, routes, options.startupRuns, options.serverCpu),
      );
    }
  }
  for (const routes of options.routeCounts) {
    log(`Elysia + openapi build: ${routes} routes x${options.startupRuns}`);
    elysiaBuild.push(await measureElysiaBuild(routes, options.startupRuns, options.serverCpu));
  }
  log(`imports x${options.startupRuns}`);
  const imports = await measureImports(options.startupRuns, options.serverCpu);
  return { createApp, elysiaBuild, imports };
}
