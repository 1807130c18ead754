import type { AppPlugin } from "@trellis/core/extend";
import { healthChecks, healthIndicator } from "@trellis/health";
import { DatabaseHealth } from "./database-health.js";

const gib = 1024 ** 3;

/**
 * The example's probes (`healthChecks()` of `@trellis/health`): `GET /health/live`, and `GET /health/ready`,
 * which is 503 while the app starts or closes, when the database does not answer a query, and under
 * pressure (an event loop late by a second unless `maxEventLoopDelayMs` says otherwise, 1 GiB of
 * heap, 2 GiB resident), with `Retry-After`. An event pub/sub that lost its engine is reported as
 * `degraded` with 200: every instance shares that engine, so failing readiness on it would take
 * them all out at once while the API itself still answers.
 */
export function exampleHealth(maxEventLoopDelayMs = 1000): AppPlugin {
  return healthChecks({
    indicators: {
      database: healthIndicator(DatabaseHealth, (database) => database.isReachable()),
    },
    pressure: { maxEventLoopDelayMs, maxHeapUsedBytes: gib, maxRssBytes: 2 * gib },
  });
}
