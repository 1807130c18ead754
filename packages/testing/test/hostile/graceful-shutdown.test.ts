// SIGTERM under load: the example run as `bun src/main.ts` (serve() with its default drainMs),
// 64 clients each sending requests back to back on one kept-alive connection. Every request
// written must be answered: from the signal on, each answer says `Connection: close` and the
// client moves on, and no connection is closed under a request it just wrote (which behind nginx
// is a 502 for a POST). Counted, never timed: the process may take as long as it needs.
import { type ChildProcess, spawn } from "node:child_process";
import { afterEach, describe, expect, it, onTestFailed } from "vitest";
import { within } from "../../src/within.js";
import { exampleFolder } from "../support/example.js";
import { freshUser } from "./support/bodies.js";
import { countAnswered } from "./support/count-requests.js";
import { emptyCounts, type KeepAliveCounts, keepAliveClient } from "./support/keep-alive-client.js";
import { requestHead } from "./support/raw-http.js";

const clients = 64;
// Answers before the signal: every connection is busy by then, whatever the machine's speed.
const answersBeforeSignal = clients * 4;

interface Running {
  readonly child: ChildProcess;
  readonly port: number;
  readonly exited: Promise<number | null>;
}

const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill("SIGKILL");
});

/** Starts the example's entry point (the real Bun binary: signals must reach the app itself). */
async function startExample(): Promise<Running> {
  const child = spawn(process.execPath, ["src/main.ts"], {
    cwd: exampleFolder,
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: "0",
      HOST: "127.0.0.1",
      DATABASE_PATH: ":memory:",
      DATABASE_URL: "",
      REDIS_URL: "",
      WORKERS: "",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.push(child);
  let output = "";
  child.stdout?.on("data", (chunk) => (output += chunk));
  child.stderr?.on("data", (chunk) => (output += chunk));
  onTestFailed(() => console.error(`bun src/main.ts printed:\n${output}`));
  const exited = new Promise<number | null>((resolve) => child.on("exit", resolve));
  for (;;) {
    const match = /Users API: http:\/\/127\.0\.0\.1:(\d+)\//.exec(output);
    if (match) return { child, port: Number(match[1]), exited };
    if (child.exitCode !== null) throw new Error(`The example exited:\n${output}`);
    await Bun.sleep(20);
  }
}

const getUsers = () => requestHead("GET", "/users?limit=1");
const postUser = () => {
  const body = JSON.stringify(freshUser());
  const head = requestHead("POST", "/users", {
    "content-type": "application/json",
    "content-length": Buffer.byteLength(body),
  });
  return head + body;
};

/** Runs the clients, sends SIGTERM once they are all busy, and waits for every one to end. */
async function sigtermUnderLoad(request: () => string): Promise<{
  counts: KeepAliveCounts;
  toldToClose: number;
  exitCode: number | null;
}> {
  const example = await startExample();
  const counts = emptyCounts();
  let signalled = false;
  const ends = await Promise.all(
    Array.from({ length: clients }, () =>
      keepAliveClient(example.port, request, counts, () => {
        if (!signalled && counts.answered >= answersBeforeSignal) {
          signalled = true;
          example.child.kill("SIGTERM");
        }
      }),
    ),
  );
  expect(signalled, "SIGTERM was sent while the clients were busy").toBe(true);
  countAnswered(counts.answered);
  return {
    counts,
    toldToClose: ends.filter((end) => end.toldToClose).length,
    exitCode: await within(example.exited, 60, "the example exiting after SIGTERM"),
  };
}

describe("SIGTERM with 64 busy kept-alive clients, through serve() (the example's main.ts)", () => {
  it("loses no GET: each connection is told to close, none is cut under a request", async () => {
    const { counts, toldToClose, exitCode } = await sigtermUnderLoad(getUsers);
    expect(counts.lost).toBe(0);
    expect(counts.answered).toBe(counts.sent);
    expect([...counts.statuses.keys()].filter((status) => status !== 200)).toEqual([]);
    expect(toldToClose).toBe(clients);
    expect(exitCode).toBe(0);
  }, 120_000);

  it("loses no POST: every user written is answered 201", async () => {
    const { counts, toldToClose, exitCode } = await sigtermUnderLoad(postUser);
    expect(counts.lost).toBe(0);
    expect(counts.answered).toBe(counts.sent);
    expect([...counts.statuses.keys()].filter((status) => status !== 201)).toEqual([]);
    expect(toldToClose).toBe(clients);
    expect(exitCode).toBe(0);
  }, 120_000);
});
