import { EngineUnavailableError, type Logger } from "@trellis/core";
import { PublishQueue, type PublishQueueBounds } from "@trellis/core/extend";
import type { DeadlinePool } from "./deadline-pool.js";
import type { EventTable } from "./event-table.js";

/**
 * The outage queue of one instance: batches go to the table on the publishing connection, under
 * a name of this instance's own (its `seq`s are stored once). Bun.sql connects on demand, so a
 * send is the probe for the database; a failed one is retried with the queue's backoff, and one
 * past the queue's deadline drops its pool first (the stalled connection would hold the retry).
 */
export function batchQueue(
  table: EventTable,
  pool: DeadlinePool,
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
      failed(error) {
        if (error instanceof EngineUnavailableError) pool.drop();
        hooks.failed(error);
      },
      async send(batch) {
        const outagesAtSend = hooks.outages();
        await table.publishBatch(pool.sql, publisher, batch);
        hooks.stored(outagesAtSend);
      },
    },
    hooks.logger,
  );
}
