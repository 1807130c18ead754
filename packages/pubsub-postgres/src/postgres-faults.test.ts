import {
  describePubSubFaults,
  type EngineUnderTest,
  startPostgres,
} from "@trellis/testing/engines";
import { SQL } from "bun";
import { afterAll, beforeAll } from "vitest";
import { postgresPubSub } from "./postgres-pubsub.js";

let postgres: EngineUnderTest;
beforeAll(async () => {
  postgres = await startPostgres();
});
afterAll(() => postgres?.stop());

describePubSubFaults("postgres", () => ({
  engine: () => postgres,
  async make(log, logger, queue) {
    const table = log.replaceAll("-", "_");
    const pubsub = postgresPubSub({ url: postgres.url, table, ...(queue ? { queue } : {}) });
    await pubsub.open?.({ logger });
    return pubsub;
  },
  unopened: (log) => postgresPubSub({ url: postgres.url, table: log.replaceAll("-", "_") }),
  async connections() {
    const sql = new SQL(postgres.url, { max: 1 });
    try {
      const [row] =
        await sql`SELECT count(*)::int AS n FROM pg_stat_activity WHERE backend_type = 'client backend' AND pid <> pg_backend_pid()`;
      return (row as { n: number }).n;
    } finally {
      await sql.close();
    }
  },
}));
