import type { ConfigErrorCode } from "./error-codes.js";

/** A mistake in the application's setup, thrown by `createApp` before any request is served. */
export class TrellisConfigError extends Error {
  override readonly name = "TrellisConfigError";
  /** A stable code to match on (see `configErrorCodes`). */
  readonly code: ConfigErrorCode;

  constructor(code: ConfigErrorCode, message: string, options?: { cause?: unknown }) {
    super(`[${code}] ${message}`, options);
    this.code = code;
  }
}
