import type { RouteHandler } from "../http/route-handler.js";
import type { DeprecationPolicy } from "../operation/deprecation-policy.js";
import { withHeaders } from "../pipeline/response-headers.js";

/** A response header as a name and a value. */
export type HeaderPair = readonly [name: string, value: string];

/** RFC 9745's `Deprecation` value: a structured-field Date, `@` and whole seconds since 1970. */
export const deprecationValue = (date: Date): string => `@${Math.floor(date.getTime() / 1000)}`;

/** RFC 8594's `Sunset` value: an HTTP-date (IMF-fixdate, `Sat, 31 Dec 2026 00:00:00 GMT`). */
export const sunsetValue = (date: Date): string => date.toUTCString();

/**
 * The headers a deprecated route sends, made once at startup. Without a declared `since`, the
 * deprecation date is `startedAt` (when the app was built): the code that deprecates the route
 * was running by then, so the route is deprecated no later than that.
 */
export function deprecationHeaders(policy: DeprecationPolicy, startedAt: Date): HeaderPair[] {
  const headers: HeaderPair[] = [["deprecation", deprecationValue(policy.since ?? startedAt)]];
  if (policy.sunset !== undefined) headers.push(["sunset", sunsetValue(policy.sunset)]);
  if (policy.link !== undefined) headers.push(["link", `<${policy.link}>; rel="deprecation"`]);
  if (policy.sunsetLink !== undefined) {
    headers.push(["link", `<${policy.sunsetLink}>; rel="sunset"`]);
  }
  return headers;
}

/**
 * Adds a deprecated route's headers to each of its answers, errors included: they describe the
 * resource, not one outcome. `Link`s are appended to any the handler set (pagination links);
 * a `Deprecation` or `Sunset` the handler set itself is kept.
 */
export function withDeprecation(
  handler: RouteHandler,
  headers: readonly HeaderPair[],
): RouteHandler {
  const stamp = (response: Response): Response =>
    withHeaders(response, (target) => {
      for (const [name, value] of headers) {
        if (name === "link") target.append(name, value);
        else if (!target.has(name)) target.set(name, value);
      }
    });
  return (request, params, decoded) => {
    const answer = handler(request, params, decoded);
    return answer instanceof Response ? stamp(answer) : answer.then(stamp);
  };
}
