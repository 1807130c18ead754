import type { PreconditionCheck } from "./current-validators.js";

/** Per-request response state a handler sets through `this.setStatus` / `this.setHeader`. */
export const statusSlot: unique symbol = Symbol("trellis.status");
export const headersSlot: unique symbol = Symbol("trellis.headers");
export const signalSlot: unique symbol = Symbol("trellis.signal");
/** The request a handler runs for: `this.signal` is made from it on first read. */
export const requestSlot: unique symbol = Symbol("trellis.request");
/** The signal of the request's `@Timeout` (or `limits.timeout`), when it has one. */
export const deadlineSlot: unique symbol = Symbol("trellis.deadline");
export const mediaTypeSlot: unique symbol = Symbol("trellis.mediaType");
/**
 * Where `this.checkPreconditions` finds the request's precondition check: a route feature's
 * `handler.enter` sets it (`@trellis/conditional`'s `@Conditional` does).
 */
export const preconditionsSlot: unique symbol = Symbol("trellis.preconditions");

/** The per-request view of a controller: its own slots, everything else from the shared instance. */
export interface ResponseState {
  [statusSlot]?: number;
  [headersSlot]?: Headers;
  /** `this.signal`, once read (made lazily: a handler that never reads it pays nothing). */
  [signalSlot]?: AbortSignal;
  [requestSlot]?: Request;
  [deadlineSlot]?: AbortSignal;
  /** The media type negotiated from `@Produces` for this request. */
  [mediaTypeSlot]?: string;
  /** Set by a feature's `handler.enter` (`@trellis/conditional`): what `checkPreconditions` runs. */
  [preconditionsSlot]?: PreconditionCheck;
}
