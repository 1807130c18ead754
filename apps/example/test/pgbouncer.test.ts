// The example behind Debian's PgBouncer (the test's own process, its own ini file), in both pool
// modes: three instances start, serve, share one rate-limit budget and carry events to each other.
// Transaction mode needs unnamed statements (the example sends no named ones) and LISTEN on a
// direct connection (DATABASE_LISTEN_URL); session mode needs a pool as large as every
// instance's connections together (docs/scale-out.md), else the next instance waits.
import {
  type RunningEngine,
  type RunningPgBouncer,
  startPgBouncer,
  startPostgres,
} from "@trellis/testing/engines";
import { SQL } from "bun";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { followSse } from "./support/event-clients.js";
import { type RunningExample, startExample } from "./support/example-server.js";
import { until } from "./support/launch.js";

// Connections one instance may open: 10 for its data, 3 for pub/sub, 2 per shared store.
const perInstance = 10 + 3 + 2 + 2;
const instanceCount = 3;

let postgres: RunningEngine;
let admin: SQL;
beforeAll(async () => {
  postgres = await startPostgres();
  admin = new SQL(postgres.url, { max: 1 });
}, 120_000);
afterAll(async () => {
  await admin?.close();
  await postgres?.stop();
});

/** Server connections to `database` right now. */
const connectionsTo = async (database: string) =>
  Number(
    (
      (await admin.unsafe("SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1", [
        database,
      ])) as { n: number }[]
    )[0]?.n,
  );

describe.each([
  { mode: "transaction" as const, poolSize: 5 },
  { mode: "session" as const, poolSize: instanceCount * perInstance },
])("the example through PgBouncer in $mode mode", ({ mode, poolSize }) => {
  const database = `via_${mode}`;
  let bouncer: RunningPgBouncer;
  const instances: RunningExample[] = [];
  beforeAll(async () => {
    await admin.unsafe(`CREATE DATABASE ${database}`);
    bouncer = await startPgBouncer({ postgres, mode, poolSize });
    const direct = new URL(postgres.url);
    direct.pathname = `/${database}`;
    for (let index = 0; index < instanceCount; index++) {
      const example = startExample(undefined, {
        databasePath: undefined,
        databaseUrl: bouncer.urlOf(database),
        ...(mode === "transaction" ? { databaseListenUrl: direct.href } : {}),
      });
      instances.push(example);
    }
    await until("three instances ready", async () => {
      const statuses = await Promise.all(
        instances.map((example) => example.request("/health/ready").then((r) => r.status)),
      );
      return statuses.every((status) => status === 200) ? true : undefined;
    });
  }, 120_000);
  afterAll(async () => {
    for (const example of instances.splice(0)) await example.stop();
    await bouncer?.stop();
  });

  it("stores on one instance, reads on another, and carries the event to a third", async () => {
    const [a, b, c] = instances as [RunningExample, RunningExample, RunningExample];
    const follower = followSse(c.baseUrl);
    try {
      await follower.opened;
      const ids: string[] = [];
      for (const [index, example] of [a, b].entries()) {
        const created = await example.sendJson("/users", {
          name: `Pooled${index}`,
          email: `pooled${index}-${mode}@example.com`,
        });
        expect(created.status).toBe(201);
        ids.push(((await created.json()) as { id: string }).id);
      }
      const found = await c.request(`/users/${ids[0]}`);
      expect(found.status).toBe(200);
      await until("both events on the third instance", async () =>
        ids.every((id) => follower.record().userIds.includes(id)) ? true : undefined,
      );
      // Each once. Their order is not asserted: each instance publishes through its own queue, a
      // 201 answers before its event is stored, and order is kept per publisher, not across two.
      const carried = follower.record().userIds.filter((id) => ids.includes(id));
      expect([...carried].sort()).toEqual([...ids].sort());
    } finally {
      follower.close();
    }
  });

  it("lets exactly 20 of 150 concurrent bulk requests through across the three", async () => {
    const statuses = await Promise.all(
      Array.from({ length: 150 }, (_, index) =>
        (instances[index % instanceCount] as RunningExample)
          .sendJson("/users/bulk", {
            users: [{ name: `Bulk${index}`, email: `bulk${index}-${mode}@example.com` }],
          })
          .then((response) => response.status),
      ),
    );
    const refused = statuses.filter((status) => status === 429).length;
    expect({ passed: statuses.length - refused, refused }).toEqual({ passed: 20, refused: 130 });
  });

  it("holds no more server connections than the formula allows", async () => {
    const held = await connectionsTo(database);
    // Transaction mode: the pool, plus each instance's direct LISTEN connection.
    const bound = mode === "transaction" ? poolSize + instanceCount : instanceCount * perInstance;
    expect(held).toBeGreaterThan(0);
    expect(held).toBeLessThanOrEqual(bound);
  });
});
