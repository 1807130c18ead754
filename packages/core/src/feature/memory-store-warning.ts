import type { Deployment } from "./route-feature.js";

/**
 * Warns, through the app's logger, that `feature` keeps its state in this process while the app
 * looks like one of several instances (a pub/sub engine other than in-process, or NODE_ENV
 * production). Returns true when it warned, so the feature warns once. For features that keep
 * state (counters, keys) in a store of their own, such as `@trellis/rate-limit`'s.
 *
 * @example
 * if (!warned) warned = warnMemoryStore(context.deployment, "quota", "@Quota counts", "a shared store");
 */
export function warnMemoryStore(
  deployment: Deployment | undefined,
  feature: string,
  what: string,
  use: string,
): boolean {
  if (deployment === undefined) return false;
  const { pubsub, production, logger } = deployment;
  if (pubsub === "in-process" && !production) return false;
  const why =
    pubsub === "in-process"
      ? "NODE_ENV is production"
      : `the app publishes through the "${pubsub}" pub/sub engine`;
  (logger.warn ?? logger.error).call(
    logger,
    `${feature}: ${what} in this process's memory, but ${why}: every instance keeps its own. Use ${use}.`,
  );
  return true;
}
