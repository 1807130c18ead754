import type { Operation } from "../operation/operation.js";
import type { JsonSchema } from "../schema/json-schema.js";

/** The component name of the one shared error body schema. */
export const problemDetailsName = "ProblemDetails";

/** The media type of every error response. */
export const problemMediaType = "application/problem+json";

/** RFC 9457 problem details, as Trellis renders every error response. */
export const problemDetailsSchema: JsonSchema = {
  type: "object",
  description: "An RFC 9457 problem details object.",
  required: ["type", "title", "status"],
  properties: {
    type: {
      type: "string",
      description: 'A URI reference that identifies the problem type ("about:blank" by default).',
    },
    title: { type: "string", description: "A short summary of the problem type." },
    status: { type: "integer", minimum: 100, maximum: 599, description: "The HTTP status code." },
    detail: { type: "string", description: "An explanation of this occurrence of the problem." },
    instance: {
      type: "string",
      description: "A URI reference that identifies this occurrence of the problem.",
    },
    requestId: {
      type: "string",
      description:
        "The request's id, as echoed in its X-Request-ID response header: quote it to match log lines.",
    },
    errors: {
      type: "array",
      description: "Each input problem found, all reported together.",
      items: {
        type: "object",
        required: ["in", "path", "message"],
        properties: {
          in: {
            type: "string",
            enum: ["body", "path", "query", "header", "cookie"],
            description: "The part of the request the problem is in.",
          },
          path: { type: "string", description: "A JSON Pointer into that part of the request." },
          message: { type: "string", description: "What is wrong." },
        },
      },
    },
  },
};

type FrameworkError = readonly [status: number, description: string];

const badRequest: FrameworkError = [
  400,
  "Bad Request: the request is malformed or failed validation.",
];
const unauthorized: FrameworkError = [401, "Unauthorized: credentials are missing or not valid."];
const forbidden: FrameworkError = [403, "Forbidden: the credentials do not allow this operation."];
const tooLarge: FrameworkError = [
  413,
  "Content Too Large: the request body exceeds the size limit.",
];
const unsupported: FrameworkError = [
  415,
  "Unsupported Media Type: the request body's media type is not accepted.",
];
const notAcceptable: FrameworkError = [
  406,
  "Not Acceptable: none of the media types the operation produces is acceptable (Accept).",
];
const timedOut: FrameworkError = [
  503,
  "Service Unavailable: the request took longer than the route's timeout.",
];
const internal: FrameworkError = [
  500,
  "Internal Server Error: the server could not complete the request.",
];

// The thirty-two possible lists, made once: startup asks for one per operation.
const lists = new Map<number, readonly FrameworkError[]>();

/**
 * The error statuses the framework itself can answer an operation with, each with its
 * description: what Trellis documents automatically next to the user's `@Returns`.
 */
export function frameworkErrors(operation: Operation): readonly FrameworkError[] {
  let hasBody = false;
  let hasInput = operation.pathParams.length > 0;
  for (const binding of operation.bindings) {
    if (binding.kind === "body") hasBody = true;
    if (binding.kind !== "request") hasInput = true;
  }
  const secured = operation.security.length > 0 || operation.guarded;
  const timed = operation.timeout !== undefined;
  const negotiated = operation.produces.length > 0;
  const key =
    (hasInput ? 1 : 0) |
    (secured ? 2 : 0) |
    (hasBody ? 4 : 0) |
    (timed ? 8 : 0) |
    (negotiated ? 16 : 0);
  let list = lists.get(key);
  if (!list) {
    const errors: FrameworkError[] = [];
    if (hasInput) errors.push(badRequest);
    if (secured) errors.push(unauthorized, forbidden);
    if (negotiated) errors.push(notAcceptable);
    if (hasBody) errors.push(tooLarge, unsupported);
    errors.push(internal);
    if (timed) errors.push(timedOut);
    list = Object.freeze(errors);
    lists.set(key, list);
  }
  return list;
}
