import { type ChildProcess, spawn } from "node:child_process";
import { join } from "node:path";
import { freePort } from "./free-port.js";

const prismBin = join(import.meta.dirname, "..", "..", "node_modules", ".bin", "prism");

/** One violation Prism found, as listed in its `sl-violations` header. */
export interface Violation {
  readonly location: readonly (string | number)[];
  readonly severity: string;
  readonly code?: string | number;
  readonly message: string;
}

/** A running Prism validation proxy. */
export interface PrismProxy {
  /** `http://127.0.0.1:<port>` of the proxy. */
  readonly url: string;
  /** Kills the proxy (its whole process group). Idempotent. */
  stop(): Promise<void>;
}

/** The violations of one proxied response (an absent header means none). */
export function violationsOf(response: Response): Violation[] {
  const header = response.headers.get("sl-violations");
  return header === null ? [] : (JSON.parse(header) as Violation[]);
}

/**
 * Starts `prism proxy <document> <upstream> --errors=false` (offline) and waits, at most
 * `timeoutMs`, until it answers.
 */
export async function startPrism(
  documentFile: string,
  upstream: string,
  timeoutMs = 60_000,
): Promise<PrismProxy> {
  const port = await freePort();
  const child: ChildProcess = spawn(
    prismBin,
    [
      "proxy",
      documentFile,
      upstream,
      "--host",
      "127.0.0.1",
      "--port",
      String(port),
      "--errors=false",
    ],
    // Its own process group, so stop() also ends anything Prism started.
    { detached: true, stdio: ["ignore", "pipe", "pipe"] },
  );
  let log = "";
  child.stdout?.on("data", (chunk) => {
    log += chunk;
  });
  child.stderr?.on("data", (chunk) => {
    log += chunk;
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null && child.pid !== undefined) {
      try {
        process.kill(-child.pid, "SIGTERM");
      } catch {
        // already gone
      }
      await Promise.race([exited, Bun.sleep(5_000)]);
    }
  };

  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`Prism exited early:\n${log}`);
    try {
      // Any answer means it listens; the path need not exist.
      await fetch(`${url}/__prism-ready`, { signal: AbortSignal.timeout(1_000) });
      return { url, stop };
    } catch {
      if (Date.now() > deadline) {
        await stop();
        throw new Error(`Prism did not start within ${timeoutMs} ms:\n${log}`);
      }
      await Bun.sleep(200);
    }
  }
}
