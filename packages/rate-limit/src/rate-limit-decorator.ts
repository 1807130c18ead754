import type { RateLimitOptions } from "./rate-limit-policy.js";
import { rateLimitKey } from "./rate-limits.js";

/**
 * Limits how often one client may call a route: at most `limit` requests per `window` seconds and
 * `key` (the client address by default, a header, or a function of the request). Past it the
 * request is answered 429 problem+json with `Retry-After`, before guards run; every answer carries
 * the `RateLimit` and `RateLimit-Policy` fields (IETF draft-ietf-httpapi-ratelimit-headers-11).
 * On a class it applies to every route of the class; the method's wins over the class's, and both
 * over the app-wide policy of `rateLimits({ limit, window })`. `@RateLimit(false)` turns an
 * inherited limit off.
 *
 * @example
 * @Post("/login")
 * @RateLimit({ limit: 5, window: 60 })
 * login(@Body(Credentials) body: Credentials) { ... }
 */
export function RateLimit(options: RateLimitOptions | false): ClassDecorator & MethodDecorator {
  return rateLimitKey.record(options);
}
