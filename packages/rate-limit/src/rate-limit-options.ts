import type { TrustedAddressHeader } from "@trellis/core/extend";
import { memoryRateLimitStore } from "./memory-rate-limit-store.js";
import { rateLimitError } from "./rate-limit-errors.js";
import { checkOutage, type OutagePolicy, type RateLimitOptions } from "./rate-limit-policy.js";
import type { RateLimitStore } from "./rate-limit-store.js";

/**
 * `rateLimits(options)`: where counters live, how the client address is found, and optionally an
 * app-wide policy (`limit` and `window`, with `key` and `name`) for every route without its own
 * `@RateLimit`. The app-wide policy is one budget per key across those routes.
 */
export interface RateLimitAppOptions extends Partial<RateLimitOptions> {
  /** Where counters live (default `memoryRateLimitStore()`: this process only). */
  readonly store?: RateLimitStore;
  /**
   * The proxy header trusted to carry the client address (default none: the connection's
   * address, `server.requestIP`). Never set it unless every request comes through that proxy.
   */
  readonly clientAddress?: TrustedAddressHeader;
  /**
   * How many leading bits of an IPv6 client address make one client (default 64: one client
   * usually holds a whole /64). IPv4 addresses, IPv4-mapped IPv6 ones included, count alone.
   */
  readonly ipv6Prefix?: number;
}

/** The runtime part of the options, checked. */
export interface RateLimitRuntimeSettings {
  readonly store: RateLimitStore;
  readonly clientAddress: TrustedAddressHeader | undefined;
  readonly ipv6Prefix: number;
  /** What routes do while the store cannot be reached, unless their `@RateLimit` says. */
  readonly outage: OutagePolicy;
}

const headerName = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/** Reads the store and clientAddress of `rateLimits()` (its policy is checked with the routes). */
export function parseRateLimitRuntime(value: unknown): RateLimitRuntimeSettings {
  const fail = (why: string): never => {
    throw rateLimitError("INVALID_RATE_LIMIT", ["rateLimits", why]);
  };
  if (value !== undefined && (value === null || typeof value !== "object")) {
    fail("the options must be an object.");
  }
  const { store, clientAddress, ipv6Prefix = 64 } = (value ?? {}) as RateLimitAppOptions;
  if (!Number.isSafeInteger(ipv6Prefix) || ipv6Prefix < 1 || ipv6Prefix > 128) {
    fail(`ipv6Prefix is ${String(ipv6Prefix)}: it must be a whole number of bits from 1 to 128.`);
  }
  if (store !== undefined && typeof (store as { hit?: unknown })?.hit !== "function") {
    fail("store must be a rate limit store (with a hit method), such as redisRateLimitStore().");
  }
  if (clientAddress !== undefined) {
    const { header, hops } = (clientAddress ?? {}) as Partial<TrustedAddressHeader>;
    if (typeof header !== "string" || !headerName.test(header)) {
      fail('clientAddress must be { header: "<header name>", hops?: number }.');
    }
    if (hops !== undefined && (!Number.isSafeInteger(hops) || (hops as number) < 1)) {
      fail("clientAddress.hops must be a whole number from 1.");
    }
  }
  const outage = checkOutage((value as RateLimitAppOptions | undefined)?.outage, "rateLimits");
  return {
    store: store ?? memoryRateLimitStore(),
    clientAddress,
    ipv6Prefix,
    outage: outage ?? "fail-open",
  };
}
