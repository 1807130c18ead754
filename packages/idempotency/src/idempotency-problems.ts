import { HttpException } from "@trellis/core";
import { withoutStack } from "@trellis/core/extend";

// Each refusal's type is the section of the guide that explains it.
const guide = "https://github.com/trellis-framework/trellis/blob/main/docs/idempotency.md";

/** The problem `type` of each idempotency refusal, stable. */
export const idempotencyProblemTypes = {
  missing: `${guide}#key-missing`,
  invalid: `${guide}#key-invalid`,
  running: `${guide}#key-in-use`,
  reused: `${guide}#key-reused`,
  unavailable: `${guide}#store-unavailable`,
} as const;

type Refusal = keyof typeof idempotencyProblemTypes;

const refusals: Record<Refusal, readonly [status: number, title: string, detail: string]> = {
  missing: [400, "Idempotency key missing", "This operation needs an Idempotency-Key header."],
  invalid: [
    400,
    "Idempotency key invalid",
    'The Idempotency-Key header must be a quoted string (or a bare token) of 1 to 255 printable ASCII characters, such as "8e03978e-40d5-43e8-bc93-6894a57f9324".',
  ],
  running: [
    409,
    "Idempotency key in use",
    "A request with this Idempotency-Key is still being processed; retry once it has finished.",
  ],
  reused: [
    422,
    "Idempotency key reused",
    "This Idempotency-Key was used with a different request payload; use a new key for a new request.",
  ],
  unavailable: [
    503,
    "Idempotency store unavailable",
    "Requests with an Idempotency-Key cannot be checked right now; retry later.",
  ],
};

/** The exception of one refusal, as problem+json with its stable type. */
export function idempotencyRefusal(refusal: Refusal): HttpException {
  const [status, title, detail] = refusals[refusal];
  return withoutStack(
    () =>
      new HttpException(status, detail, {
        type: idempotencyProblemTypes[refusal],
        title,
        ...(refusal === "running" || refusal === "unavailable"
          ? { headers: { "retry-after": "1" } }
          : {}),
      }),
  );
}
