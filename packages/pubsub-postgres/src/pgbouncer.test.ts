import {
  describePubSubContract,
  type RunningEngine,
  type RunningPgBouncer,
  startPgBouncer,
  startPostgres,
} from "@trellis/testing/engines";
import { afterAll, beforeAll, describe } from "vitest";
import { postgresPubSub } from "./postgres-pubsub.js";

// The same contract as on a direct connection, through Debian's PgBouncer as the test's own
// process: in transaction mode publishes and reads go through the pooler (unnamed statements)
// and LISTEN takes the direct `listenUrl`; in session mode everything goes through the pooler.
let postgres: RunningEngine;
const bouncers: Partial<Record<"transaction" | "session", RunningPgBouncer>> = {};
beforeAll(async () => {
  postgres = await startPostgres();
  for (const mode of ["transaction", "session"] as const) {
    bouncers[mode] = await startPgBouncer({ postgres, mode, poolSize: 40 });
  }
});
afterAll(async () => {
  for (const bouncer of Object.values(bouncers)) await bouncer?.stop();
  await postgres?.stop();
});

const tableOf = (log: string) => log.replaceAll(/[^a-z0-9]/g, "_").slice(-40);

describe("through PgBouncer in transaction mode, LISTEN on a direct connection", () => {
  describePubSubContract("postgres via pgbouncer (transaction)", () => ({
    shared: true,
    async make(log, window) {
      const pubsub = postgresPubSub({
        url: bouncers.transaction?.url as string,
        listenUrl: postgres.url,
        table: `x_${tableOf(log)}`,
        ...window,
      });
      await pubsub.open?.({ logger: console });
      return pubsub;
    },
  }));
});

describe("through PgBouncer in session mode", () => {
  describePubSubContract("postgres via pgbouncer (session)", () => ({
    shared: true,
    async make(log, window) {
      const pubsub = postgresPubSub({
        url: bouncers.session?.url as string,
        table: `s_${tableOf(log)}`,
        ...window,
      });
      await pubsub.open?.({ logger: console });
      return pubsub;
    },
  }));
});
