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

/** An operation may carry a `guarded` flag once guards exist; read it defensively. */
const isGuarded = (operation: Operation): boolean =>
  (operation as Operation & { readonly guarded?: boolean }).guarded === true;

/**
 * The error statuses the framework itself can answer an operation with, each with its
 * description: what Trellis documents automatically next to the user's `@Returns`.
 */
export function frameworkErrors(operation: Operation): [status: number, description: string][] {
  const errors: [number, string][] = [];
  const hasBody = operation.bindings.some((binding) => binding.kind === "body");
  const hasInput =
    operation.pathParams.length > 0 ||
    operation.bindings.some((binding) => binding.kind === "parameter" || binding.kind === "body");
  if (hasInput) errors.push([400, "Bad Request: the request is malformed or failed validation."]);
  if (operation.security.length > 0 || isGuarded(operation)) {
    errors.push([401, "Unauthorized: credentials are missing or not valid."]);
    errors.push([403, "Forbidden: the credentials do not allow this operation."]);
  }
  if (hasBody) {
    errors.push([413, "Content Too Large: the request body exceeds the size limit."]);
    errors.push([415, "Unsupported Media Type: the request body's media type is not accepted."]);
  }
  errors.push([500, "Internal Server Error: the server could not complete the request."]);
  return errors;
}
