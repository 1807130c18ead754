import type { PreconditionCheck } from "./current-validators.js";

/** Per-request response state a handler sets through `this.setStatus` / `this.setHeader`. */
export const statusSlot: unique symbol = Symbol("trellis.status");
export const headersSlot: unique symbol = Symbol("trellis.headers");
export const signalSlot: unique symbol = Symbol("trellis.signal");
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
  [signalSlot]?: AbortSignal;
  /** The media type negotiated from `@Produces` for this request. */
  [mediaTypeSlot]?: string;
  /** Set by a feature's `handler.enter` (`@trellis/conditional`): what `checkPreconditions` runs. */
  [preconditionsSlot]?: PreconditionCheck;
}
