import {
  featureKey,
  type OutageLog,
  outageLog,
  type RouteFeature,
  warnMemoryStore,
} from "@trellis/core/extend";
import { callerScope } from "./caller-scope.js";
import { idempotencyDocument, idempotencyTool } from "./idempotency-document.js";
import { type IdempotencyAppOptions, parseIdempotency } from "./idempotency-options.js";
import {
  type IdempotencyPlan,
  type IdempotentOptions,
  readIdempotency,
} from "./idempotency-policy.js";
import { idempotencyStage } from "./idempotency-stage.js";
import { isMemoryIdempotencyStore } from "./memory-idempotency-store.js";

/** Where `@Idempotent` records its options; core reads them for `idempotencyKeys()`. */
export const idempotentKey = featureKey<IdempotentOptions>("@Idempotent", () => idempotencyKeys());

/**
 * The idempotency-key feature for `createApp({ features })`: where keys and kept responses live
 * (`store`), for how long (`ttl`, `lockTtl`) and whose keys are whose (`scope`). An app that uses
 * `@Idempotent` without listing it gets `idempotencyKeys()`: keys in memory, kept 24 hours,
 * scoped by the caller (its authenticated principal; the client's address on a public route).
 * The app closes the store.
 *
 * @example
 * createApp({
 *   schema: typebox(),
 *   controllers: [PaymentController],
 *   features: [idempotencyKeys({ store: redisIdempotencyStore({ url }), ttl: 86_400 })],
 * });
 */
export function idempotencyKeys(
  options: IdempotencyAppOptions = {},
): RouteFeature<IdempotentOptions, IdempotencyPlan> {
  const settings = parseIdempotency(options);
  // One log of the store's outages for every route (they share the store), with the app's logger.
  let outages: OutageLog | undefined;
  let warned = !isMemoryIdempotencyStore(settings.store);
  return {
    name: "idempotency",
    key: idempotentKey,
    // A class's @Idempotent covers its POST and PATCH routes; a method's must be on a write.
    plan(setting, operation, context) {
      const policy = readIdempotency(setting, operation, context.where);
      if (policy === undefined) return undefined;
      if (!warned)
        warned = warnMemoryStore(
          context.deployment,
          "idempotency",
          "@Idempotent keeps its keys (memoryIdempotencyStore)",
          "postgresIdempotencyStore() from @trellis/store-postgres or redisIdempotencyStore() from @trellis/store-redis, so a retry that reaches another instance is replayed, not run again",
        );
      // By default a key is the caller's: its principal, read per request once the security
      // check (before this stage) has recorded it; the client's address only where none did.
      return { ...policy, scope: settings.scope ?? callerScope(context.clientAddress()) };
    },
    stage: {
      // After guards, before the body is read: only an allowed request claims a key.
      place: "after-guards",
      compile: (policy, next, context) => {
        outages ??= outageLog(
          context.logger,
          "the idempotency store",
          'requests with a key are answered 503 ("fail-closed") or run without it ("fail-open")',
        );
        return idempotencyStage(policy, next, context, settings, outages);
      },
    },
    document: (policy) => idempotencyDocument(policy),
    tool: (policy) => idempotencyTool(policy),
    close: () => settings.store.close?.(),
  };
}
