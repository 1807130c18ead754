import { getPrincipal } from "@trellis/core";
import {
  featureKey,
  type OutageLog,
  outageLog,
  type RouteFeature,
  warnMemoryStore,
} from "@trellis/core/extend";
import { addressKey } from "./address-key.js";
import { isMemoryRateLimitStore } from "./memory-rate-limit-store.js";
import { failClosedDocument, rateLimitDocument } from "./rate-limit-document.js";
import { rateLimitError } from "./rate-limit-errors.js";
import { parseRateLimitRuntime, type RateLimitAppOptions } from "./rate-limit-options.js";
import { appPolicy, checkRateLimit, type RateLimitOptions } from "./rate-limit-policy.js";
import { type RateLimitPlan, rateLimitStage } from "./rate-limit-stage.js";

/** Counts by client address: an IPv6 client by its network prefix. */
const byAddress =
  (addressOf: (request: Request) => string | undefined, prefix: number) =>
  (request: Request): string | undefined => {
    const address = addressOf(request);
    return address === undefined ? undefined : addressKey(address, prefix);
  };

/** Counts by the authenticated principal (any scheme); by address where no check recorded one. */
const byPrincipal =
  (address: (request: Request) => string | undefined) =>
  (request: Request): string | undefined => {
    const principal = getPrincipal(request);
    if (principal === undefined) return address(request);
    // Tagged and separated by newlines: never the same as an address or another scheme's subject.
    return `principal\n${principal.via}\n${principal.issuer ?? ""}\n${principal.subject}`;
  };

/** Where `@RateLimit` records its options; core reads them for `rateLimits()`. */
export const rateLimitKey = featureKey<RateLimitOptions>("@RateLimit", () => rateLimits());

/**
 * The rate-limit feature for `createApp({ features })`: where counters live (`store`), how the
 * client address is found (`clientAddress`) and an optional app-wide policy (`limit`, `window`)
 * for routes without `@RateLimit`. An app that uses `@RateLimit` without listing it gets
 * `rateLimits()`: counters in memory; a protected route counts by the caller's principal, a
 * public one by the connection's address. The app closes the store.
 *
 * @example
 * createApp({
 *   schema: typebox(),
 *   controllers: [AuthController],
 *   features: [rateLimits({ store: redisRateLimitStore({ url }), limit: 100, window: 60 })],
 * });
 */
export function rateLimits(
  options: RateLimitAppOptions = {},
): RouteFeature<RateLimitOptions, RateLimitPlan> {
  const { store, clientAddress, ipv6Prefix, outage } = parseRateLimitRuntime(options);
  // One log of the store's outages for every route (they share the store): made with the app's logger.
  let outages: OutageLog | undefined;
  const fallback = appPolicy(options);
  // The app-wide policy is checked now: a mistake in it is the app's, not a route's.
  if (fallback !== undefined) checkRateLimit(fallback, "rateLimits");
  let warned = !isMemoryRateLimitStore(store);
  return {
    name: "rate-limit",
    key: rateLimitKey,
    ...(fallback === undefined ? {} : { appSetting: fallback }),
    plan(setting, operation, context) {
      const policy = checkRateLimit(setting.value, context.where);
      if (policy === undefined) return undefined;
      if (!warned)
        warned = warnMemoryStore(
          context.deployment,
          "rate-limit",
          "@RateLimit counts requests (memoryRateLimitStore)",
          "postgresRateLimitStore() from @trellis/store-postgres or redisRateLimitStore() from @trellis/store-redis, so the instances share one budget",
        );
      const protectedRoute = !operation.public && operation.security.length > 0;
      const key = policy.key ?? (protectedRoute ? "principal" : "ip");
      const header = typeof key === "object" ? key.header : undefined;
      const address = () => byAddress(context.clientAddress(clientAddress), ipv6Prefix);
      const keyOf =
        key === "ip"
          ? address()
          : key === "principal"
            ? byPrincipal(address())
            : typeof key === "function"
              ? key
              : (request: Request) => request.headers.get(header as string) ?? undefined;
      return {
        name: policy.name ?? operation.docs.operationId,
        limit: policy.limit,
        window: policy.window,
        keyOf,
        outage: policy.outage ?? outage,
        // The principal exists only once the security check ran: count after it. A request
        // without a valid credential is then refused 401 by the check, never reaching the store.
        place: key === "principal" ? "after-guards" : "before-guards",
      };
    },
    // Routes that share a policy name share one budget: they must agree on it.
    check(uses) {
      const shapes = new Map<string, string>();
      for (const { operation, plan } of uses) {
        const shape = `${plan.limit} per ${plan.window} s`;
        const seen = shapes.get(plan.name);
        if (seen !== undefined && seen !== shape) {
          throw rateLimitError("INVALID_RATE_LIMIT", [
            `${operation.controller.name}.${operation.handlerName}`,
            `the rate limit policy "${plan.name}" is ${shape} here but ${seen} on another route; routes that share a name share one budget and must agree.`,
          ]);
        }
        shapes.set(plan.name, shape);
      }
    },
    stage: {
      // Before guards (a client over its limit costs no credential check), unless counted by the
      // principal, which only the security check establishes.
      place: "before-guards",
      placeOf: (plan) => plan.place,
      compile: (plan, next, context) => {
        outages ??= outageLog(
          context.logger,
          "the rate limit store",
          'requests are let through uncounted ("fail-open") or answered 503 ("fail-closed")',
        );
        return rateLimitStage(plan, next, context, store, outages);
      },
    },
    document: (plan) => (plan.outage === "fail-closed" ? failClosedDocument : rateLimitDocument),
    close: () => store.close?.(),
  };
}
