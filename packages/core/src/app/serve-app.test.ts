import { spawn } from "node:child_process";
import { connect } from "node:net";
import { join } from "node:path";
import { within } from "@trellis/testing";
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

interface RawAnswer {
  readonly status: number;
  readonly connection: string | undefined;
}

/** One GET on its own connection, reading the status and `Connection` header as sent. */
function rawGet(url: URL, path: string): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = connect(Number(url.port), url.hostname);
    let text = "";
    socket.on("data", (chunk) => {
      text += chunk.toString();
      if (!text.includes("\r\n\r\n")) return;
      socket.destroy();
      const status = Number(/^HTTP\/1\.1 (\d+)/.exec(text)?.[1]);
      const connection = /\r\nconnection: *([^\r]*)/i.exec(text)?.[1]?.toLowerCase();
      resolve({ status, connection });
    });
    socket.on("error", reject);
    socket.write(`GET ${path} HTTP/1.1\r\nHost: test\r\n\r\n`);
  });
}

interface Counts {
  sent: number;
  answered: number;
  /** Requests written that got no answer before their connection closed. */
  lost: number;
}

/**
 * Sends GETs one after another on one kept-alive connection until the server says
 * `Connection: close` (then stops writing) or closes the connection.
 */
function keepAliveRun(
  url: URL,
  counts: Counts,
  onAnswer: () => void,
): Promise<{ readonly toldToClose: boolean }> {
  return new Promise((resolve) => {
    const socket = connect(Number(url.port), url.hostname);
    let text = "";
    let pending = 0;
    let closing = false;
    const send = () => {
      pending += 1;
      counts.sent += 1;
      socket.write("GET /work HTTP/1.1\r\nHost: test\r\n\r\n");
    };
    socket.on("connect", send);
    socket.on("data", (chunk) => {
      text += chunk.toString();
      // Each answer of /work is small and has a Content-Length: count complete ones.
      for (;;) {
        const head = text.indexOf("\r\n\r\n");
        if (head < 0) return;
        const length = Number(/\r\ncontent-length: *(\d+)/i.exec(text.slice(0, head))?.[1] ?? 0);
        if (text.length < head + 4 + length) return;
        if (/\r\nconnection: *close/i.test(text.slice(0, head))) closing = true;
        text = text.slice(head + 4 + length);
        pending -= 1;
        counts.answered += 1;
        onAnswer();
        if (closing) socket.end();
        else send();
      }
    });
    socket.on("error", () => {});
    socket.on("close", () => {
      counts.lost += pending;
      resolve({ toldToClose: closing });
    });
  });
}

// Each wait is bounded: an app that never prints, never answers or never exits fails in seconds.
const waitFor = (check: () => boolean, what: string) =>
  within(
    (async () => {
      while (!check()) await new Promise((resolve) => setTimeout(resolve, 10));
    })(),
    30,
    what,
  );
const exitOf = (server: { exited: Promise<unknown> }) =>
  within(server.exited, 30, "the server exiting");

describe("serve(app) in a real Bun process", () => {
  it("on SIGTERM lets in-flight requests finish, refuses new ones, runs onShutdown, exits 0", async () => {
    const server = await within(start({ DRAIN_MS: "0" }), 30, "the server listening");
    await waitFor(() => server.output().includes("ready"), 'the server printing "ready"');
    const inFlight = fetch(new URL("/work?ms=400", server.url));
    await waitFor(
      () => server.output().includes("working 400"),
      'the server printing "working 400"',
    );
    server.signal("SIGTERM");
    const response = await within(inFlight, 30, "the in-flight answer");
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ done: true });
    expect(await exitOf(server)).toBe(0);
    expect(server.output()).toContain("shutdown: connection closed");
    await expect(fetch(new URL("/work", server.url))).rejects.toThrow();
  });

  it("cuts requests still running after graceMs", async () => {
    const server = await within(start({ GRACE_MS: "200" }), 30, "the server listening");
    await waitFor(() => server.output().includes("ready"), 'the server printing "ready"');
    const inFlight = fetch(new URL("/work?ms=60000", server.url)).then(
      (response) => response.status,
      () => "cut",
    );
    await waitFor(
      () => server.output().includes("working 60000"),
      'the server printing "working 60000"',
    );
    server.signal("SIGTERM");
    expect(await within(inFlight, 30, "the in-flight request being cut")).toBe("cut");
    expect(await exitOf(server)).toBe(0);
    expect(server.output()).toContain("shutdown: connection closed");
  });

  it("answers 503 with Retry-After until async providers are ready", async () => {
    const server = await within(start({ START_DELAY_MS: "1500" }), 30, "the server listening");
    const early = await fetch(new URL("/work", server.url));
    // Not a timing assertion: if startup already finished, the request is simply served.
    if (!server.output().includes("ready")) {
      expect(early.status).toBe(503);
      expect(early.headers.get("retry-after")).toBe("1");
      expect(early.headers.get("content-type")).toBe("application/problem+json");
    }
    await waitFor(() => server.output().includes("ready"), 'the server printing "ready"');
    expect((await fetch(new URL("/work", server.url))).status).toBe(200);
    server.signal("SIGINT");
    expect(await exitOf(server)).toBe(0);
  });

  it("keeps serving through drainMs after SIGTERM: readiness 503, every answer closes its connection", async () => {
    const server = await within(start({ DRAIN_MS: "5000" }), 30, "the server listening");
    await waitFor(() => server.output().includes("ready"), 'the server printing "ready"');
    expect((await rawGet(server.url, "/health")).status).toBe(200);
    server.signal("SIGTERM");
    const notReady = async () => {
      let ready = await rawGet(server.url, "/health");
      while (ready.status === 200) ready = await rawGet(server.url, "/health");
      return ready;
    };
    const ready = await within(notReady(), 30, "readiness turning 503 after SIGTERM");
    expect(ready.status).toBe(503);
    expect(ready.connection).toBe("close");
    const work = await rawGet(server.url, "/work");
    expect(work.status).toBe(200);
    expect(work.connection).toBe("close");
    expect(await exitOf(server)).toBe(0);
  });

  it("loses no request on busy kept-alive connections across SIGTERM (default drainMs)", async () => {
    const server = await within(start({ DRAIN_MS: "" }), 30, "the server listening");
    await waitFor(() => server.output().includes("ready"), 'the server printing "ready"');
    // Eight clients send requests back to back, each on its one kept-alive connection.
    const counts = { sent: 0, answered: 0, lost: 0 };
    let signalled = false;
    const runs = Array.from({ length: 8 }, () =>
      keepAliveRun(server.url, counts, () => {
        if (!signalled && counts.answered >= 200) {
          signalled = true;
          server.signal("SIGTERM");
        }
      }),
    );
    const ends = await within(Promise.all(runs), 60, "the kept-alive clients being told to close");
    expect(signalled).toBe(true);
    // Each connection was told to close (its last answer said so); none was cut under a request.
    expect(ends.map((end) => end.toldToClose)).toEqual(ends.map(() => true));
    expect(counts.lost).toBe(0);
    expect(counts.answered).toBe(counts.sent);
    expect(await exitOf(server)).toBe(0);
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
    const code = await within(
      new Promise((resolve) => child.on("exit", resolve)),
      30,
      "the failing app exiting",
    );
    expect(code).not.toBe(0);
    expect(output).toContain("Connection.onInit() failed: database unreachable");
  });
});
