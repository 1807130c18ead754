import type { Logger } from "@trellis/core";
import { PublishQueue, type PublishQueueBounds } from "@trellis/core/extend";
import type { SQL } from "bun";
import type { EventTable } from "./event-table.js";

/**
 * The outage queue of one instance: batches go to the table on the publishing connection, under
 * a name of this instance's own (its `seq`s are stored once). Bun.sql connects on demand, so a
 * send is the probe for the database; a failed one is retried with the queue's backoff.
 */
export function batchQueue(
  table: EventTable,
  sql: SQL,
  bounds: PublishQueueBounds,
  hooks: {
    /** Told of each stored batch, with `outages()` as it was when the batch was sent. */
    readonly stored: (outagesAtSend: number) => void;
    /** Told of a batch that failed or passed its deadline (a stalled server answers nothing). */
    readonly failed: (error: unknown) => void;
    /** How many times the connection was seen lost so far. */
    readonly outages: () => number;
    readonly logger: () => Logger;
  },
): PublishQueue {
  const publisher = crypto.randomUUID();
  return new PublishQueue(
    bounds,
    {
      engine: "postgres",
      connected: () => true,
      failed: hooks.failed,
      async send(batch) {
        const outagesAtSend = hooks.outages();
        await table.publishBatch(sql, publisher, batch);
        hooks.stored(outagesAtSend);
      },
    },
    hooks.logger,
  );
}
