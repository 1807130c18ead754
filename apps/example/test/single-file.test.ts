import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { chmodSync, chownSync, existsSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { within } from "@trellis/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tempFolder, testEventLoopDelayLimit } from "./support/example-server.js";
import { freePort } from "./support/free-port.js";
import { type Launched, launch, processGone, until } from "./support/launch.js";

// The example as one executable file (`bun build --compile src/compiled.ts`, the package's
// `compile` script), started from a folder with no node_modules: the API, the document and
// Swagger UI must all come from inside the binary.
const appDir = join(import.meta.dirname, "..");
const folder = tempFolder("trellis-binary-");
const binary = join(folder.path, "trellis-example");
let child: ChildProcess;
let output = "";
let base = "";

beforeAll(async () => {
  const build = spawnSync(
    process.execPath,
    ["build", "--compile", "src/compiled.ts", "--outfile", binary],
    { cwd: appDir, encoding: "utf8" },
  );
  expect(build.status, `${build.stdout}${build.stderr}`).toBe(0);
  // Other users (nobody, below) may run the binary; the folder from mkdtemp is 0700.
  chmodSync(folder.path, 0o755);
  const port = await freePort();
  child = spawn(binary, [], {
    cwd: folder.path,
    env: {
      PATH: process.env.PATH ?? "",
      NODE_ENV: "production",
      PORT: String(port),
      DATABASE_PATH: join(folder.path, "users.sqlite"),
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr?.on("data", (chunk) => {
    output += chunk;
  });
  // Until it prints its URLs, or exits: bounded only by this hook's generous timeout.
  while (!output.includes("Docs:")) {
    if (child.exitCode !== null) throw new Error(`not started:\n${output}`);
    await Bun.sleep(50);
  }
  base = `http://127.0.0.1:${port}`;
}, 300_000);

afterAll(() => {
  if (child?.exitCode === null) child.kill("SIGKILL");
  folder.remove();
});

describe("the example as a single-file executable", () => {
  it("serves Swagger UI and its files from inside the binary", async () => {
    const page = await fetch(`${base}/docs`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("swagger-ui-bundle.js");
    const bundle = await fetch(`${base}/docs/swagger-ui-bundle.js`);
    expect(bundle.status).toBe(200);
    expect(bundle.headers.get("content-type")).toContain("javascript");
    expect((await bundle.arrayBuffer()).byteLength).toBeGreaterThan(100_000);
  });

  it("serves the document", async () => {
    const response = await fetch(`${base}/docs/openapi.json`);
    expect(response.status).toBe(200);
    const document = (await response.json()) as { paths: Record<string, unknown> };
    expect(Object.keys(document.paths)).toContain("/users");
  });

  it("validates requests, nested class-validator models included", async () => {
    const post = (path: string, body: unknown) =>
      fetch(`${base}${path}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      });
    const created = await post("/users", { name: "Ada", email: "ada@example.com" });
    expect(created.status).toBe(201);
    const id = ((await created.json()) as { id: string }).id;
    expect((await fetch(`${base}/users/${id}`)).status).toBe(200);
    const invalid = await post("/users/bulk", { users: [{ name: "Bob", email: "not-an-email" }] });
    expect(invalid.status).toBe(400);
    const problem = (await invalid.json()) as { errors: { path: string }[] };
    expect(problem.errors.map((issue) => issue.path)).toEqual(["/users/0/email"]);
  });

  it("drains and exits 0 on SIGTERM", async () => {
    const exited = new Promise<number | null>((resolve) => child.on("exit", resolve));
    child.kill("SIGTERM");
    expect(await within(exited, 60, "the executable exiting on SIGTERM")).toBe(0);
  });
});

// A user who is not root, in a folder where nothing can be written: as root, the test runs the
// binary as `nobody` (no writable home: /nonexistent); otherwise as the user running the test.
const asRoot = process.getuid?.() === 0;
const nobody = { uid: 65534, gid: 65534 };
const user = asRoot ? nobody : undefined;
const launched: Launched[] = [];
afterAll(() => {
  for (const started of launched)
    if (started.child.exitCode === null) started.child.kill("SIGKILL");
});

function runBinary(env: Record<string, string>): Launched {
  const started = launch(binary, [], {
    cwd: "/",
    env: {
      PATH: process.env.PATH ?? "",
      NODE_ENV: "production",
      // Readiness answers for the app, not for a machine that busy neighbours make late.
      MAX_EVENT_LOOP_DELAY_MS: String(testEventLoopDelayLimit),
      ...env,
    },
    ...(user ?? {}),
  });
  launched.push(started);
  return started;
}

/** A folder the user running the binary owns. */
function ownedFolder(name: string): string {
  const path = join(folder.path, name);
  mkdirSync(path, { recursive: true });
  if (user) chownSync(path, user.uid, user.gid);
  return path;
}

async function stopAndCheck(started: Launched): Promise<void> {
  started.child.kill("SIGTERM");
  expect(await within(started.exited, 60, "the executable exiting on SIGTERM")).toBe(0);
}

describe("the single-file executable without DATABASE_PATH, run from / by a user who is not root", () => {
  it("keeps its data in ~/.local/share/trellis-example", async () => {
    const home = ownedFolder("home");
    const port = await freePort();
    const started = runBinary({ PORT: String(port), HOME: home });
    const path = join(home, ".local", "share", "trellis-example", "users.sqlite");
    await started.waitFor(`Data: ${path}`);
    const created = await fetch(`http://127.0.0.1:${port}/users`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ name: "Ada", email: "ada@example.com" }),
    });
    expect(created.status).toBe(201);
    await stopAndCheck(started);
    expect(existsSync(path)).toBe(true);
  }, 60_000);

  it("keeps its data in $XDG_DATA_HOME/trellis-example when it is set", async () => {
    const data = ownedFolder("xdg");
    const port = await freePort();
    const started = runBinary({ PORT: String(port), HOME: "/nonexistent", XDG_DATA_HOME: data });
    await started.waitFor(`Data: ${join(data, "trellis-example", "users.sqlite")}`);
    expect((await fetch(`http://127.0.0.1:${port}/health/ready`)).status).toBe(200);
    await stopAndCheck(started);
  }, 60_000);

  it("falls back to a folder of its own in the temporary folder when it has no writable home", async () => {
    const tmp = join(folder.path, "tmp");
    mkdirSync(tmp);
    chmodSync(tmp, 0o1777); // as /tmp is: anyone may create, only the owner may remove
    const port = await freePort();
    const started = runBinary({ PORT: String(port), HOME: "/nonexistent", TMPDIR: tmp });
    const own = `trellis-example-${user?.uid ?? process.getuid?.()}`;
    await started.waitFor(`Data: ${join(tmp, own, "users.sqlite")}`);
    expect((await fetch(`http://127.0.0.1:${port}/users`)).status).toBe(200);
    await stopAndCheck(started);
  }, 60_000);
});

describe("the single-file executable as its own supervisor (WORKERS)", () => {
  it("restarts a worker killed with SIGKILL, and stops it on SIGTERM", async () => {
    const port = await freePort();
    const databasePath = join(ownedFolder("workers"), "users.sqlite");
    const started = runBinary({ PORT: String(port), WORKERS: "1", DATABASE_PATH: databasePath });
    const [, first] = await started.waitFor(/worker 1 started \(pid (\d+)\)/);
    const ready = () =>
      fetch(`http://127.0.0.1:${port}/health/ready`).then(
        (r) => r.status,
        () => 0,
      );
    await until("the first worker serves", async () =>
      (await ready()) === 200 ? true : undefined,
    );
    process.kill(Number(first), "SIGKILL");
    await until("the first worker is gone", async () =>
      processGone(Number(first)) ? true : undefined,
    );
    const second = await until("a second worker", async () => {
      const pids = [...started.output().matchAll(/worker 1 started \(pid (\d+)\)/g)];
      return pids[1]?.[1];
    });
    expect(second).not.toBe(first);
    expect(started.output()).toContain(`worker 1 (pid ${first}) exited with signal SIGKILL`);
    // The only worker there was is dead: whatever answers now is the new one.
    await until("the new worker serves", async () => ((await ready()) === 200 ? true : undefined));
    await stopAndCheck(started);
    expect(started.output()).toContain(`worker 1 (pid ${second}) exited with code 0`);
    expect(processGone(Number(second))).toBe(true);
  }, 120_000);

  it("leaves no worker behind when the supervisor itself is killed with SIGKILL", async () => {
    const port = await freePort();
    const databasePath = join(ownedFolder("orphans"), "users.sqlite");
    const started = runBinary({ PORT: String(port), WORKERS: "1", DATABASE_PATH: databasePath });
    const [, worker] = await started.waitFor(/worker 1 started \(pid (\d+)\)/);
    await started.waitFor("Docs:");
    started.child.kill("SIGKILL");
    // The worker sees its channel to the supervisor close, and shuts down gracefully.
    await until("the worker is gone", async () => (processGone(Number(worker)) ? true : undefined));
    expect(processGone(Number(worker))).toBe(true);
  }, 120_000);
});
