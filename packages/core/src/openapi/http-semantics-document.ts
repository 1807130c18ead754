import type { Operation } from "../operation/operation.js";
import { statusHasBody } from "./response-status.js";
import { statusRecord } from "./status-record.js";

// The documentation of `@RateLimit` and `@Idempotent`: headers, parameters and refusals, added
// to an operation object already built from the rest of the operation.

type Responses = Record<string, Record<string, unknown>>;

const rateLimitHeaders = {
  RateLimit: {
    description:
      'What is left of the quota (IETF draft-ietf-httpapi-ratelimit-headers-11): `"<policy>";r=<remaining requests>;t=<seconds until the quota resets>`.',
    schema: { type: "string" },
  },
  "RateLimit-Policy": {
    description:
      'The quota policy: `"<policy>";q=<requests>;w=<window in seconds>`. Requests are counted in fixed windows per client.',
    schema: { type: "string" },
  },
};

const retryAfter = {
  description: "Seconds to wait before retrying.",
  schema: { type: "integer", minimum: 0 },
};

const replayed = {
  "Idempotent-Replayed": {
    description:
      "`true` when this is the kept response of an earlier request with the same Idempotency-Key, sent again.",
    schema: { type: "string", enum: ["true"] },
  },
};

const idempotencyRefusals: readonly [number, string][] = [
  [
    400,
    "Bad Request: the request is malformed, failed validation or lacks a valid Idempotency-Key.",
  ],
  [409, "Conflict: a request with this Idempotency-Key is still being processed; retry later."],
  [422, "Unprocessable Content: this Idempotency-Key was used with a different request payload."],
  [503, "Service Unavailable: the idempotency store cannot be reached; retry later."],
];

function withHeaders(response: Record<string, unknown>, headers: Record<string, unknown>) {
  response.headers = { ...(response.headers as Record<string, unknown> | undefined), ...headers };
}

// Status keys in ascending order, `default` last, as the rest of the document has them.
function sorted(responses: Responses): Responses {
  const result = statusRecord<Record<string, unknown>>();
  const keys = Object.keys(responses).sort((a, b) =>
    a === "default" ? 1 : b === "default" ? -1 : Number(a) - Number(b),
  );
  for (const key of keys) result[key] = responses[key] as Record<string, unknown>;
  return result;
}

const isSuccess = (key: string) => key === "default" || (key >= "200" && key < "400");

/**
 * Adds what `@RateLimit` and `@Idempotent` answer to an operation object: the `RateLimit` fields
 * on its success responses and a 429 with `Retry-After`; the `Idempotency-Key` header parameter,
 * `Idempotent-Replayed` on success, and the 400, 409, 422 and 503 refusals. A status the user
 * documented keeps the user's description and content.
 */
export function documentHttpSemantics(
  operation: Operation,
  object: Record<string, unknown>,
  problemContent: () => unknown,
): void {
  const { rateLimit, idempotency } = operation;
  if (rateLimit === undefined && idempotency === undefined) return;
  const responses = object.responses as Responses;
  const refusal = (status: number, description: string) =>
    statusHasBody(status, operation.method)
      ? { description, content: problemContent() }
      : { description };
  if (idempotency !== undefined) {
    const parameter = {
      name: "Idempotency-Key",
      in: "header",
      required: idempotency.required,
      description:
        'Makes retries of this request safe (IETF draft-ietf-httpapi-idempotency-key-header): a unique key per intended request, a quoted string such as "8e03978e-40d5-43e8-bc93-6894a57f9324" (a bare token is accepted too). A retry with the same key and payload gets the first response again.',
      schema: { type: "string", minLength: 1, maxLength: 257 },
    };
    object.parameters = [...((object.parameters as unknown[] | undefined) ?? []), parameter];
    for (const [key, response] of Object.entries(responses)) {
      if (isSuccess(key)) withHeaders(response, replayed);
    }
    for (const [status, description] of idempotencyRefusals) {
      const own = responses[String(status)];
      if (own === undefined) responses[String(status)] = refusal(status, description);
      // The user's own description of the status stays first; the refusal is added to it.
      else if (status !== 400) {
        own.description = `${String(own.description)}; or ${description.slice(description.indexOf(": ") + 2)}`;
      }
    }
  }
  if (rateLimit !== undefined) {
    for (const [key, response] of Object.entries(responses)) {
      if (isSuccess(key)) withHeaders(response, rateLimitHeaders);
    }
    responses["429"] ??= refusal(
      429,
      "Too Many Requests: the rate limit is used up; retry after the Retry-After seconds.",
    );
    const tooMany = responses["429"];
    withHeaders(tooMany, { "Retry-After": retryAfter, ...rateLimitHeaders });
  }
  object.responses = sorted(responses);
}
