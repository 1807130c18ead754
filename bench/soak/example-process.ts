// The example users API as its own bun process (as `pnpm start` runs it), on a temporary database.
import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Subprocess } from "bun";

/** apps/example, whose src/main.ts is started (it loads the built packages from dist). */
export const exampleDir = join(import.meta.dirname, "..", "..", "apps", "example");

/** A running example server. */
export interface ExampleProcess {
  readonly pid: number;
  readonly url: string;
  readonly databasePath: string;
  /** Whether the process is still running. */
  alive(): boolean;
  /** Size in bytes of the database file and its WAL. */
  databaseBytes(): number;
  /** SIGTERM (the example's graceful shutdown), SIGKILL after `graceMs`; removes the temp folder. */
  stop(graceMs?: number): Promise<number | null>;
}

/** Starts `bun src/main.ts` with PORT, HOST=127.0.0.1, DATABASE_PATH in a temp folder, NODE_ENV=production. */
export async function startExample(port: number, cpu: string | undefined): Promise<ExampleProcess> {
  const folder = mkdtempSync(join(tmpdir(), "trellis-soak-"));
  const databasePath = join(folder, "users.sqlite");
  const command = [process.execPath, "src/main.ts"];
  const child: Subprocess<"ignore", "pipe", "pipe"> = Bun.spawn(
    cpu ? ["taskset", "-c", cpu, ...command] : command,
    {
      cwd: exampleDir,
      // production: Bun's development error page can never show up, as in a deployment.
      env: {
        ...process.env,
        PORT: String(port),
        HOST: "127.0.0.1",
        DATABASE_PATH: databasePath,
        NODE_ENV: "production",
      },
      stdin: "ignore",
      stdout: "pipe",
      stderr: "pipe",
    },
  );
  let output = "";
  const drain = async (stream: ReadableStream<Uint8Array>) => {
    const decoder = new TextDecoder();
    for await (const chunk of stream)
      output = (output + decoder.decode(chunk, { stream: true })).slice(-20_000);
  };
  void drain(child.stdout);
  void drain(child.stderr);
  const alive = () => child.exitCode === null && child.signalCode === null;
  const url = `http://127.0.0.1:${port}`;
  const stop = async (graceMs = 15_000) => {
    if (alive()) {
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), graceMs);
      await child.exited;
      clearTimeout(timer);
    }
    rmSync(folder, { recursive: true, force: true });
    return child.exitCode;
  };

  const deadline = performance.now() + 30_000;
  while (!output.includes("Users API:")) {
    if (!alive()) {
      await child.exited;
      rmSync(folder, { recursive: true, force: true });
      throw new Error(`the example exited with ${child.exitCode}:\n${output}`);
    }
    if (performance.now() > deadline) {
      await stop(1_000);
      throw new Error(`the example did not start within 30 s:\n${output}`);
    }
    await Bun.sleep(50);
  }
  const size = (path: string) => {
    try {
      return statSync(path).size;
    } catch {
      return 0;
    }
  };
  return {
    pid: child.pid, // taskset execs bun, keeping the pid
    url,
    databasePath,
    alive,
    databaseBytes: () => size(databasePath) + size(`${databasePath}-wal`),
    stop,
  };
}

/** Creates `count` users and returns their ids (the mix's "get_known" requests read them). */
export async function seedUsers(url: string, count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let index = 0; index < count; index++) {
    const response = await fetch(`${url}/users`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ name: `Seed ${index}`, email: `seed-${index}@example.com` }),
    });
    if (response.status !== 201)
      throw new Error(`seeding user ${index}: ${response.status} ${await response.text()}`);
    ids.push(((await response.json()) as { id: string }).id);
  }
  return ids;
}
