import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { within } from "@trellis/testing";
import { afterEach, describe, expect, it, onTestFailed } from "vitest";
import { tempFolder } from "./support/example-server.js";
import { freePort } from "./support/free-port.js";

const appDir = join(import.meta.dirname, "..");
// The bun binary running these tests (node_modules/.bin/bun is a shell wrapper that would take
// the signals meant for the app).
const bun = process.execPath;

interface Started {
  readonly child: ChildProcess;
  readonly output: () => string;
  readonly exited: Promise<number | null>;
}

const children: ChildProcess[] = [];
const folders: { remove(): void }[] = [];
afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill("SIGKILL");
  for (const folder of folders.splice(0)) folder.remove();
});

/** Runs `bun src/main.ts` (the package's start script) the way a user does. */
function run(env: Record<string, string>): Started {
  const child = spawn(bun, ["src/main.ts"], {
    cwd: appDir,
    env: { ...process.env, NODE_ENV: "production", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.push(child);
  let output = "";
  child.stdout?.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr?.on("data", (chunk) => {
    output += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.on("exit", resolve));
  // A test that fails (its timeout included) shows what the app printed.
  onTestFailed(() => console.error(`bun src/main.ts printed:\n${output}`));
  return { child, output: () => output, exited };
}

/** Waits until the app prints `pattern`, or fails when it exits first (else the test's timeout). */
async function waitFor(started: Started, pattern: RegExp): Promise<RegExpMatchArray> {
  const seen = async () => {
    for (;;) {
      const match = started.output().match(pattern);
      if (match) return match;
      if (started.child.exitCode !== null) {
        throw new Error(`Not seen ${pattern} in the output:\n${started.output()}`);
      }
      await Bun.sleep(50);
    }
  };
  return within(seen(), 60, `${pattern} in the app's output`);
}

/** The exit code, within a minute: an app that never stops fails with a reason. */
const exitOf = (started: { exited: Promise<number | null> }) =>
  within(started.exited, 60, "the app exiting");

// Each test starts a Bun process (or two) and waits for it to serve and to stop: generous, so that
// only an app that never starts or never stops fails, however busy the machine.
const processTimeout = 120_000;

function databaseIn(): string {
  const folder = tempFolder();
  folders.push(folder);
  return join(folder.path, "data", "users.sqlite");
}

describe("bun src/main.ts", () => {
  it.each(["SIGTERM", "SIGINT"] as const)(
    "prints the API and docs URLs, serves them, and on %s stops cleanly",
    async (signal) => {
      const databasePath = databaseIn();
      const started = run({ PORT: "0", HOST: "127.0.0.1", DATABASE_PATH: databasePath });
      const [, users] = await waitFor(started, /Users API: (http:\/\/\S+\/users)\n/);
      const [, docs] = await waitFor(started, /Docs: (http:\/\/\S+\/docs)\n/);
      expect(new URL(docs!).port).toBe(new URL(users!).port);

      const created = await fetch(users!, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ name: "Ada", email: "ada@example.com" }),
      });
      expect(created.status).toBe(201);
      expect((await fetch(docs!)).status).toBe(200);

      started.child.kill(signal);
      expect(await exitOf(started)).toBe(0);
      expect(started.output()).toContain(`${signal} received, shutting down`);
      // The database was closed, not abandoned: no write-ahead log left behind.
      expect(readdirSync(join(databasePath, ".."))).toEqual(["users.sqlite"]);
    },
    processTimeout,
  );

  it(
    "uses PORT, and refuses a PORT that is not a port",
    async () => {
      const bad = run({ PORT: "http", DATABASE_PATH: databaseIn() });
      expect(await exitOf(bad)).not.toBe(0);
      expect(bad.output()).toContain("PORT must be an integer from 0 to 65535");

      const port = await freePort();
      const started = run({ PORT: String(port), HOST: "127.0.0.1", DATABASE_PATH: databaseIn() });
      await waitFor(started, /Docs: /);
      expect(started.output()).toContain(`Users API: http://127.0.0.1:${port}/users`);
      expect((await fetch(`http://127.0.0.1:${port}/users`)).status).toBe(200);
      started.child.kill("SIGTERM");
      expect(await exitOf(started)).toBe(0);
    },
    processTimeout,
  );

  it(
    "creates its database file where DATABASE_PATH says",
    async () => {
      const databasePath = databaseIn();
      const started = run({ PORT: "0", HOST: "127.0.0.1", DATABASE_PATH: databasePath });
      await waitFor(started, /Docs: /);
      expect(existsSync(databasePath)).toBe(true);
      started.child.kill("SIGTERM");
      expect(await exitOf(started)).toBe(0);
    },
    processTimeout,
  );
});
