// Real engines for tests: each starts as the test's own process on a free port, in a temporary
// folder, and stops with it. Never a mock, never a system service.

export {
  type ApiKeyRecordShape,
  type ApiKeyStoreShape,
  describeApiKeyStore,
} from "./api-key-store-contract.js";
export { type EngineUnderTest, freePort, type RunningEngine } from "./engine-process.js";
export { openEventStream, openWebSocket, type ReceivedEvent } from "./event-clients.js";
export { describeEventMeta, type EventMetaUnderTest } from "./event-meta-suite.js";
export { collector, describePubSubContract, type PubSubUnderTest } from "./pubsub-contract.js";
export {
  describePubSubFaults,
  eventually,
  type OutageQueue,
  type PubSubFaultsUnderTest,
} from "./pubsub-faults.js";
export { describeScaleOut, type ScaleOutUnderTest } from "./scale-out-suite.js";
export {
  type OidcProviderOptions,
  type ProviderKey,
  type RunningOidcProvider,
  startOidcProvider,
} from "./start-oidc-provider.js";
export {
  type PgBouncerOptions,
  type RunningPgBouncer,
  startPgBouncer,
} from "./start-pgbouncer.js";
export { startPostgres } from "./start-postgres.js";
export { startRedis } from "./start-redis.js";
export { type RunningSentinelGroup, startRedisSentinel } from "./start-redis-sentinel.js";
export { type RunningS3, startS3 } from "./start-s3.js";
