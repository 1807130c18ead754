import type { DocumentFragment, ToolFragment } from "@trellis/core/extend";
import { idempotencyKeyPattern } from "./idempotency-key.js";
import type { IdempotencyPolicy } from "./idempotency-policy.js";

/**
 * What `@Idempotent` adds to an operation's document: the `Idempotency-Key` header parameter,
 * `Idempotent-Replayed` on success, and the 400, 409, 422 and 503 refusals.
 */
export function idempotencyDocument(policy: IdempotencyPolicy): DocumentFragment {
  return {
    parameters: [
      {
        name: "Idempotency-Key",
        in: "header",
        required: policy.required,
        description:
          'Makes retries of this request safe (IETF draft-ietf-httpapi-idempotency-key-header): a unique key per intended request, a quoted string such as "8e03978e-40d5-43e8-bc93-6894a57f9324" (a bare token is accepted too). A retry with the same key and payload gets the first response again.',
        // Exactly what the server accepts: a tool that generates values from it sends good keys.
        schema: { type: "string", pattern: idempotencyKeyPattern },
        example: '"8e03978e-40d5-43e8-bc93-6894a57f9324"',
      },
    ],
    successHeaders: {
      "Idempotent-Replayed": {
        description:
          "`true` when this is the kept response of an earlier request with the same Idempotency-Key, sent again.",
        schema: { type: "string", enum: ["true"] },
      },
    },
    responses: [
      {
        status: 400,
        description:
          "Bad Request: the request is malformed, failed validation or lacks a valid Idempotency-Key.",
      },
      {
        status: 409,
        description:
          "Conflict: a request with this Idempotency-Key is still being processed; retry later.",
        documented: "append",
      },
      {
        status: 422,
        description:
          "Unprocessable Content: this Idempotency-Key was used with a different request payload.",
        documented: "append",
      },
      {
        status: 503,
        description: "Service Unavailable: the idempotency store cannot be reached; retry later.",
        documented: "append",
      },
    ],
  };
}

/** What `@Idempotent` adds to an operation's MCP tool: `Idempotency-Key`, and that it is safe to retry. */
export function idempotencyTool(policy: IdempotencyPolicy): ToolFragment {
  return { arguments: idempotencyDocument(policy).parameters ?? [], idempotent: true };
}
