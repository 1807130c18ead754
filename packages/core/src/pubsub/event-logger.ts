import { childLogger, type Logger } from "../errors/logger.js";
import type { EventMeta } from "./pubsub.js";

/**
 * The logger for lines about one delivered event: a child of `logger` bound to
 * `publishedBy: <the publishing request's id>` (and its `traceparent`), so a subscriber's lines
 * lead back to the request that published. `logger` itself for an event without meta.
 *
 * @example
 * app.pubsub.subscribe("orders", (payload, id, topic, meta) => {
 *   eventLogger(logger, meta).info("order shipped", { id });
 * });
 */
export function eventLogger(logger: Logger, meta: EventMeta | undefined): Logger {
  if (meta === undefined) return logger;
  const bindings: Record<string, string> = {};
  if (meta.requestId !== undefined) bindings.publishedBy = meta.requestId;
  if (meta.traceparent !== undefined) bindings.traceparent = meta.traceparent;
  return childLogger(logger, bindings);
}
