import { spawn } from "node:child_process";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";

const packageDir = join(import.meta.dirname, "../..");
const fixture = join(packageDir, "src/test-helpers/serve-fixture.ts");

interface Running {
  readonly url: URL;
  readonly output: () => string;
  readonly exited: Promise<number | null>;
  signal(name: NodeJS.Signals): void;
}

const started: Running[] = [];
afterEach(() => {
  for (const process of started.splice(0)) process.signal("SIGKILL");
});

/** Starts the fixture under the real Bun binary (not a shim: signals must reach it). */
function start(env: Record<string, string> = {}): Promise<Running> {
  // Run from the package folder: Bun reads the decorator settings from its tsconfig.json.
  const child = spawn(process.execPath, [fixture], {
    cwd: packageDir,
    env: { ...process.env, NODE_ENV: "production", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening (\S+)/.exec(output);
      if (match) {
        const running: Running = {
          url: new URL(match[1] as string),
          output: () => output,
          exited,
          signal: (name) => {
            if (child.exitCode === null) child.kill(name);
          },
        };
        started.push(running);
        resolve(running);
      }
    };
    child.stdout.on("data", onData);
    child.stderr.on("data", (chunk: Buffer) => {
      output += chunk.toString();
    });
    exited.then(() => reject(new Error(`exited before listening:\n${output}`)));
  });
}

const waitFor = async (check: () => boolean) => {
  while (!check()) await new Promise((resolve) => setTimeout(resolve, 10));
};

describe("serve(app) in a real Bun process", () => {
  it("on SIGTERM lets in-flight requests finish, refuses new ones, runs onShutdown, exits 0", async () => {
    const server = await start();
    await waitFor(() => server.output().includes("ready"));
    const inFlight = fetch(new URL("/work?ms=400", server.url));
    await waitFor(() => server.output().includes("working 400"));
    server.signal("SIGTERM");
    const response = await inFlight;
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ done: true });
    expect(await server.exited).toBe(0);
    expect(server.output()).toContain("shutdown: connection closed");
    await expect(fetch(new URL("/work", server.url))).rejects.toThrow();
  });

  it("cuts requests still running after graceMs", async () => {
    const server = await start({ GRACE_MS: "200" });
    await waitFor(() => server.output().includes("ready"));
    const inFlight = fetch(new URL("/work?ms=60000", server.url)).then(
      (response) => response.status,
      () => "cut",
    );
    await waitFor(() => server.output().includes("working 60000"));
    server.signal("SIGTERM");
    expect(await inFlight).toBe("cut");
    expect(await server.exited).toBe(0);
    expect(server.output()).toContain("shutdown: connection closed");
  });

  it("answers 503 with Retry-After until async providers are ready", async () => {
    const server = await start({ START_DELAY_MS: "1500" });
    const early = await fetch(new URL("/work", server.url));
    // Not a timing assertion: if startup already finished, the request is simply served.
    if (!server.output().includes("ready")) {
      expect(early.status).toBe(503);
      expect(early.headers.get("retry-after")).toBe("1");
      expect(early.headers.get("content-type")).toBe("application/problem+json");
    }
    await waitFor(() => server.output().includes("ready"));
    expect((await fetch(new URL("/work", server.url))).status).toBe(200);
    server.signal("SIGINT");
    expect(await server.exited).toBe(0);
  });

  it("exits 1 naming the provider when onInit fails", async () => {
    const child = spawn(process.execPath, [fixture], {
      cwd: packageDir,
      env: { ...process.env, FAIL_INIT: "1" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk));
    const code = await new Promise((resolve) => child.on("exit", resolve));
    expect(code).not.toBe(0);
    expect(output).toContain("Connection.onInit() failed: database unreachable");
  });
});
