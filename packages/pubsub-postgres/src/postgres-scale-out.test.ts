import { describeScaleOut, type RunningEngine, startPostgres } from "@trellis/testing/engines";
import { afterAll, beforeAll } from "vitest";
import { postgresPubSub } from "./postgres-pubsub.js";

let postgres: RunningEngine;
beforeAll(async () => {
  postgres = await startPostgres();
});
afterAll(() => postgres?.stop());

describeScaleOut("postgres", () => ({
  make: (log) => postgresPubSub({ url: postgres.url, table: log.replaceAll("-", "_") }),
}));
