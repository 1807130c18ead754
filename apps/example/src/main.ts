// Starts the example: `bun src/main.ts` (PORT, HOST, DATABASE_PATH, DATABASE_URL, REDIS_URL,
// REUSE_PORT, WORKERS and OTEL_EXPORTER_OTLP_ENDPOINT from the environment). SIGTERM or SIGINT
// close it gracefully: see `serve` in @trellis/core. With WORKERS=n it supervises n server
// processes instead (supervisor.ts).
import { type ConfigDefaults, type ExampleConfig, readConfig } from "./config.js";
import { redisUrlNote } from "./redis-url-note.js";
import { startExampleServer } from "./server.js";
import { supervise } from "./supervisor.js";
import { startTelemetry, type Telemetry } from "./telemetry.js";

/** How an entry point runs the example: the source (`main.ts`) or the binary (`compiled.ts`). */
export interface ExampleEntry extends ConfigDefaults {
  /** How to start this same program again as one worker (WORKERS=n). */
  readonly workerCommand: readonly [string, ...string[]];
}

/**
 * Reads the environment and starts one server, or with `WORKERS=n` a supervisor of n servers
 * sharing the port.
 *
 * @example
 * runExample({ workerCommand: [process.execPath, import.meta.path] });
 */
export function runExample(entry: ExampleEntry): void {
  const config = readConfig(process.env, entry);
  if (config.workers) superviseServers(config, entry);
  else runServer(config);
}

function runServer(config: ExampleConfig): void {
  // The SDK first, when asked for: openTelemetry() decides at createApp whether to trace.
  if (!process.env.OTEL_EXPORTER_OTLP_ENDPOINT) {
    serveExample(config, undefined);
    return;
  }
  startTelemetry(process.env).then(
    (telemetry) => serveExample(config, telemetry),
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    },
  );
}

function serveExample(config: ExampleConfig, telemetry: Telemetry | undefined): void {
  const { urls } = startExampleServer(config, { signals: true });
  console.log(`Users API: ${urls.users}`);
  console.log(`Docs: ${urls.docs}`);
  console.log(`Data: ${config.databaseUrl ? "Postgres (DATABASE_URL)" : config.databasePath}`);
  // Which Redis, or that REDIS_URL is unset: a misspelt variable otherwise goes unnoticed.
  console.log(redisUrlNote(process.env));
  if (telemetry) console.log(`Telemetry: OTLP ${telemetry.protocol} (OTEL_EXPORTER_OTLP_ENDPOINT)`);
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.once(signal, () => {
      console.log(`${signal} received, shutting down`);
      // What is buffered goes out while the app drains.
      void telemetry?.shutdown();
    });
  }
  // Started by a supervisor: when it goes away (even killed with SIGKILL), shut down gracefully
  // rather than keep the port alone.
  if (process.channel) {
    process.once("disconnect", () => process.kill(process.pid, "SIGTERM"));
  }
}

function superviseServers(config: ExampleConfig, entry: ExampleEntry): void {
  if (config.port === 0) throw new Error("WORKERS needs a fixed PORT: the workers share it.");
  if (config.databasePath === ":memory:") {
    throw new Error("WORKERS needs one database for every worker, not DATABASE_PATH=:memory:.");
  }
  if (config.databasePath !== undefined && (config.workers ?? 0) > 1) {
    console.log("SQLite is for one process: set DATABASE_URL (Postgres) to run several workers.");
  }
  const supervisor = supervise({
    command: entry.workerCommand,
    workers: config.workers ?? 1,
    // Each worker serves (no WORKERS) on the shared port, on the database chosen here.
    env: {
      ...process.env,
      WORKERS: "",
      REUSE_PORT: "1",
      ...(config.databasePath ? { DATABASE_PATH: config.databasePath } : {}),
    },
  });
  let signals = 0;
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.on(signal, () => {
      if (signals++ === 0) console.log(`${signal} received, stopping the workers`);
      // Passed on each time: a second signal makes the workers exit at once, as for one server.
      void supervisor.stop(signal).then(() => process.exit(0));
    });
  }
}

if (import.meta.main) runExample({ workerCommand: [process.execPath, import.meta.path] });
