import type { ConditionalOptions } from "./conditional-policy.js";
import { conditionalKey } from "./conditional-requests.js";

/**
 * Conditional requests (RFC 9110 section 13). On GET (and HEAD) every 200 answer carries an
 * `ETag`: the handler's own (`this.setHeader("ETag", entityTag(user.version))`) or a hash of the
 * response's bytes; `If-None-Match` then gets 304 with no body, and `If-Match`,
 * `If-Unmodified-Since` and `If-Modified-Since` are evaluated in the RFC's order. On a method that
 * changes state, the handler loads the resource and calls `this.checkPreconditions({ etag })`
 * before changing it: a stale `If-Match` is answered 412; with `requireIfMatch`, a request without
 * `If-Match` is answered 428 before the handler runs. On a class it covers every route of the
 * class; the method's wins. `@Conditional(false)` turns an inherited one (or the app's) off.
 *
 * @example
 * @Put("/:id")
 * @Conditional({ requireIfMatch: true })
 * async update(@Param("id") id: string, @Body(UserInput) input: UserInput) { ... }
 */
export function Conditional(
  options?: ConditionalOptions | false,
): ClassDecorator & MethodDecorator {
  return conditionalKey.record(options === undefined ? {} : options);
}
