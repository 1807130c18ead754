import type { DocumentFragment, FragmentHeader } from "@trellis/core/extend";
import { storeUnavailableType } from "./rate-limit-stage.js";

// What a rate-limited operation documents: the RateLimit fields on its answers and its 429.

const rateLimitHeaders: Record<string, FragmentHeader> = {
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

const retryAfter: FragmentHeader = {
  description: "Seconds to wait before retrying.",
  schema: { type: "integer", minimum: 0 },
};

/** The same for every rate-limited operation: made once. */
export const rateLimitDocument: DocumentFragment = {
  successHeaders: rateLimitHeaders,
  responses: [
    {
      status: 429,
      description:
        "Too Many Requests: the rate limit is used up; retry after the Retry-After seconds.",
      headers: { "Retry-After": retryAfter, ...rateLimitHeaders },
    },
  ],
  problemTypes: ["https://iana.org/assignments/http-problem-types#quota-exceeded"],
};

/** A fail-closed operation also documents its 503 while the counters cannot be reached. */
export const failClosedDocument: DocumentFragment = {
  ...rateLimitDocument,
  responses: [
    ...(rateLimitDocument.responses ?? []),
    {
      status: 503,
      description:
        "Service Unavailable: the rate limit store cannot be reached; retry after the Retry-After seconds.",
      headers: { "Retry-After": retryAfter },
    },
  ],
  problemTypes: [...(rateLimitDocument.problemTypes ?? []), storeUnavailableType],
};
