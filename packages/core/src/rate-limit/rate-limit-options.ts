import { TrellisConfigError } from "../errors/trellis-config-error.js";
import type { RateLimitOptions } from "../operation/rate-limit-policy.js";
import type { TrustedAddressHeader } from "./client-address.js";
import { memoryRateLimitStore } from "./memory-rate-limit-store.js";
import type { RateLimitStore } from "./rate-limit-store.js";

/**
 * `createApp({ rateLimit })`: where counters live, how the client address is found, and
 * optionally an app-wide policy (`limit` and `window`, with `key` and `name`) for every route
 * without its own `@RateLimit`. The app-wide policy is one budget per key across those routes.
 */
export interface RateLimitAppOptions extends Partial<RateLimitOptions> {
  /** Where counters live (default `memoryRateLimitStore()`: this process only). */
  readonly store?: RateLimitStore;
  /**
   * The proxy header trusted to carry the client address (default none: the connection's
   * address, `server.requestIP`). Never set it unless every request comes through that proxy.
   */
  readonly clientAddress?: TrustedAddressHeader;
}

/** The runtime part of `rateLimit`, checked. */
export interface RateLimitRuntimeSettings {
  readonly store: RateLimitStore;
  readonly clientAddress: TrustedAddressHeader | undefined;
  /** True when the store was made here (the app then owns it). */
  readonly ownStore: boolean;
}

const headerName = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/** Reads `rateLimit`'s store and clientAddress (its policy is read with the operations). */
export function parseRateLimitRuntime(value: unknown): RateLimitRuntimeSettings {
  const fail = (why: string): never => {
    throw new TrellisConfigError("INVALID_OPTION", `createApp: rateLimit.${why}`);
  };
  if (value !== undefined && (value === null || typeof value !== "object")) {
    throw new TrellisConfigError("INVALID_OPTION", "createApp: rateLimit must be an object.");
  }
  const { store, clientAddress } = (value ?? {}) as RateLimitAppOptions;
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
  return {
    store: store ?? memoryRateLimitStore(),
    clientAddress,
    ownStore: store === undefined,
  };
}
