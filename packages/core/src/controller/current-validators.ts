/**
 * The validators of a resource's current representation, as a handler knows them: its `ETag`
 * value and its last modification time (RFC 9110 section 8.8).
 */
export interface CurrentValidators {
  /** The current `ETag` value, as sent: `"7"`, `W/"7"` (see `entityTag`). */
  readonly etag?: string | null | undefined;
  /** The current `Last-Modified` time: a Date, milliseconds since the epoch, or an HTTP-date. */
  readonly lastModified?: Date | number | string | null | undefined;
}

/**
 * Evaluates this request's preconditions against the current representation (undefined: the
 * resource does not exist), throwing the 412 when they fail.
 */
export type PreconditionCheck = (current: CurrentValidators | undefined) => void;
