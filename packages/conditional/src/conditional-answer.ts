import type { AnswerHandler } from "@trellis/core/extend";
import type { ConditionalPlan } from "./conditional-policy.js";
import { preconditionFailed } from "./conditional-problems.js";
import { formatEntityTag, hashed } from "./entity-tag.js";
import { evaluatePreconditions, hasPreconditions } from "./evaluate-preconditions.js";

// A body the framework does not read to hash: a stream is sent as it comes, a file is not read
// into memory, and a Response the handler made is its own (its own ETag, if any, still counts).
const unhashed = (value: unknown): boolean =>
  value instanceof Response || value instanceof ReadableStream || value instanceof Blob;

/**
 * A 304 for this 200: no body and none of the body's own metadata (`Content-Type`,
 * `Content-Length`, ...), but `ETag`, `Last-Modified`, `Cache-Control`, `Vary` and every other
 * field (RFC 9110 section 15.4.5).
 */
function notModified(response: Response): Response {
  const headers = new Headers();
  for (const [name, value] of response.headers) {
    if (!name.startsWith("content-") || name === "content-location") headers.append(name, value);
  }
  // The body is never sent: release it.
  void response.body?.cancel().catch(() => undefined);
  return new Response(null, { status: 304, headers });
}

/**
 * Wraps the answer of a GET route (HEAD is answered by it too): a 200 gets its `ETag` (the
 * handler's own, else a hash of the bytes when the policy computes one), then the request's
 * preconditions decide: 304 with no body, 412 problem+json, or the 200 as it is. Errors and other
 * statuses pass untouched.
 */
export function conditionalAnswer(
  finish: AnswerHandler,
  policy: ConditionalPlan,
  respond: (error: unknown, request: Request) => Response,
): AnswerHandler {
  const weak = policy.etag === "weak";
  const computes = policy.etag !== false;
  const decide = (request: Request, response: Response): Response => {
    if (!hasPreconditions(request.headers)) return response;
    const outcome = evaluatePreconditions(request.headers, request.method, {
      etag: response.headers.get("etag"),
      lastModified: response.headers.get("last-modified"),
    });
    if (outcome === "proceed") return response;
    if (outcome === "not-modified") return notModified(response);
    void response.body?.cancel().catch(() => undefined);
    return respond(preconditionFailed(), request);
  };
  const answer = (
    request: Request,
    value: unknown,
    response: Response,
  ): Response | Promise<Response> => {
    if (response.status !== 200) return response;
    if (!computes || unhashed(value) || response.headers.has("etag")) {
      return decide(request, response);
    }
    // Hashed once per answer, from the bytes the client gets.
    return response.arrayBuffer().then((buffer) => {
      const bytes = new Uint8Array(buffer);
      const tagged = new Response(bytes, {
        status: 200,
        statusText: response.statusText,
        headers: response.headers,
      });
      tagged.headers.set("etag", formatEntityTag(hashed(bytes), weak));
      return decide(request, tagged);
    });
  };
  return (request, state, value) => {
    const response = finish(request, state, value);
    return response instanceof Promise
      ? response.then((settled) => answer(request, value, settled))
      : answer(request, value, response);
  };
}
