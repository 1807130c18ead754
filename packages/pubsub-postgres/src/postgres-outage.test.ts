import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { PubSub } from "@trellis/core";
import { within } from "@trellis/testing";
import { collector, eventually, type RunningEngine, startPostgres } from "@trellis/testing/engines";
import { SQL } from "bun";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postgresPubSub } from "./postgres-pubsub.js";

let postgres: RunningEngine;
beforeAll(async () => {
  postgres = await startPostgres();
  // The test cluster commits asynchronously (fast, loses the last commits on a crash); these
  // tests count what a crash loses, so commits here wait for their WAL.
  const sql = new SQL(postgres.url, { max: 1 });
  try {
    await sql.unsafe("ALTER DATABASE postgres SET synchronous_commit = on");
  } finally {
    await sql.close();
  }
});
afterAll(() => postgres?.stop());

const quiet = { error: () => {}, warn: () => {} };

/** The processes whose parent is `pid` (Linux: from /proc). */
function childrenOf(pid: number): number[] {
  const children: number[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      // `pid (comm) state ppid ...`: the name may hold spaces, so read after its last ")".
      const parent = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      if (parent === pid) children.push(Number(entry));
    } catch {
      // Gone meanwhile.
    }
  }
  return children;
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/**
 * `kill -9` of the postmaster and of every process of the server (a crash of the whole server,
 * as the OOM killer or a lost host gives), then a new server on the same data.
 */
async function crash(): Promise<void> {
  const pid = Number(
    readFileSync(join(postgres.dir, "data", "postmaster.pid"), "utf8").split("\n")[0],
  );
  expect(pid).toBeGreaterThan(0);
  const all = [pid, ...childrenOf(pid)];
  for (const each of all) process.kill(each, "SIGKILL");
  await postgres.down(); // the process is gone already: this only forgets it
  // A new postmaster refuses to start while an old process still holds the shared memory.
  await eventually(() => all.every((each) => !alive(each)), "the old server's processes gone");
  await postgres.up();
}

const open = async (table: string): Promise<PubSub> => {
  const pubsub = postgresPubSub({ url: postgres.url, table });
  await pubsub.open?.({ logger: quiet });
  return pubsub;
};

describe("postgresPubSub through a kill -9 of Postgres", () => {
  it("loses no accepted publish through a crash and keeps each publisher's order", async () => {
    const key = `crash_${Date.now().toString(36)}`;
    const [a, b, reader] = await Promise.all([open(key), open(key), open(key)]);
    const seen = collector();
    reader.subscribe("orders", seen.listener);
    const sent = { a: 0, b: 0 };
    const accepted = { a: 0, b: 0 };
    const publish = (name: "a" | "b", pubsub: PubSub) => {
      const n = ++sent[name];
      if (pubsub.publish("orders", JSON.stringify({ from: name, n }))) accepted[name]++;
    };
    // Both publish on every tick, through the crash and the restart.
    let held = 0;
    const timer = setInterval(() => {
      publish("a", a);
      publish("b", b);
      held = Math.max(held, a.status().queued ?? 0);
    }, 2);
    try {
      await eventually(() => seen.received.length >= 50, "50 messages before the crash", 20);
      await crash();
      await eventually(() => a.status().connected && b.status().connected, "reconnected", 20);
      const atRestart = sent.a + sent.b;
      await eventually(
        () => seen.received.length >= atRestart + 50,
        "50 messages after the restart",
        20,
      );
    } finally {
      clearInterval(timer);
    }
    const total = sent.a + sent.b;
    await within(seen.until(total), 20, `all ${total} accepted messages`);
    expect(accepted).toEqual(sent);
    // The crash was lived through: publishes were held while Redis was away.
    expect(held).toBeGreaterThan(1);
    for (const name of ["a", "b"] as const) {
      const numbers = seen.received
        .map((item) => JSON.parse(item.payload) as { from: string; n: number })
        .filter((message) => message.from === name)
        .map((message) => message.n);
      expect(numbers).toEqual(Array.from({ length: sent[name] }, (_, index) => index + 1));
    }
    expect(new Set(seen.received.map((item) => item.id)).size).toBe(total);
    expect(a.status().lostPublishes + b.status().lostPublishes).toBe(0);
    expect(reader.status().reconnects).toBeGreaterThanOrEqual(1);
    await Promise.all([a.close(), b.close(), reader.close()]);
  });
});
