import { expectWholeNumberOption } from "@trellis/testing";
import {
  describePubSubContract,
  type RunningEngine,
  startPostgres,
} from "@trellis/testing/engines";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postgresPubSub } from "./postgres-pubsub.js";

let postgres: RunningEngine;
beforeAll(async () => {
  postgres = await startPostgres();
});
afterAll(() => postgres?.stop());

const tableOf = (log: string) => log.replaceAll(/[^a-z0-9]/g, "_").slice(-40);

describePubSubContract("postgres", () => ({
  shared: true,
  async make(log, window) {
    const pubsub = postgresPubSub({ url: postgres.url, table: `t_${tableOf(log)}`, ...window });
    await pubsub.open?.({ logger: console });
    return pubsub;
  },
}));

describe("postgresPubSub", () => {
  it("refuses a table name it could not splice safely, and options that are not whole numbers", () => {
    expect(() => postgresPubSub({ url: "postgres://x", table: 'x"; drop' })).toThrow(/table/);
    for (const option of ["maxEvents", "maxAgeMs"]) {
      const make = (value: unknown) => postgresPubSub({ url: "postgres://x", [option]: value });
      expectWholeNumberOption(make, option, "INVALID_PUBSUB_OPTION", 1);
    }
  });

  it("answers ids a bigint cannot hold as malformed", async () => {
    const pubsub = postgresPubSub({ url: postgres.url, table: "ids" });
    await pubsub.open?.({ logger: console });
    try {
      for (const bad of ["01", "-1", "1-0", "9223372036854775808", "1.5"]) {
        expect((await pubsub.replay("t", bad)).gap).toBe("malformed");
      }
      expect(await pubsub.replay("t", "0")).toEqual({ messages: [] });
      expect((await pubsub.replay("t", "9223372036854775807")).gap).toBe("unknown");
      expect(pubsub.compare("9", "10")).toBeLessThan(0);
    } finally {
      await pubsub.close();
    }
  });
});
