import { statusText } from "../http/status-text.js";

/** One problem in an incoming message: the `errors[]` item of problem+json, `in` "message". */
export interface MessageIssue {
  readonly in: "message";
  /** A JSON Pointer (RFC 6901) into the message (into the envelope, for typed messages). */
  readonly path: string;
  readonly message: string;
}

/**
 * What the server sends when it cannot take a message; the connection stays open:
 * `{ "type": "error", "id"?: <the message's id>, "data": { "status", "title", "detail", "errors"? } }`.
 * `status` and `title` read as in problem+json (400 invalid, 415 binary refused, 500 failure).
 */
export interface ErrorFrame {
  readonly type: "error";
  /** The `id` of the envelope that failed, when it had one. */
  readonly id?: string | number;
  readonly data: {
    readonly status: number;
    readonly title: string;
    readonly detail: string;
    readonly errors?: readonly MessageIssue[];
  };
}

/** The JSON text of an error frame. */
export function errorFrame(
  status: number,
  detail: string,
  errors?: readonly MessageIssue[],
  id?: string | number,
): string {
  const frame: ErrorFrame = {
    type: "error",
    ...(id === undefined ? {} : { id }),
    data: {
      status,
      title: statusText(status),
      detail,
      ...(errors === undefined ? {} : { errors }),
    },
  };
  return JSON.stringify(frame);
}

/** The JSON Schema of an error frame, for the AsyncAPI document. */
export const errorFrameSchema = {
  type: "object",
  description:
    "Sent when a message cannot be taken (invalid, refused or failed); the connection stays open.",
  required: ["type", "data"],
  properties: {
    type: { const: "error" },
    id: { type: ["string", "number"], description: "The id of the message that failed." },
    data: {
      type: "object",
      required: ["status", "title", "detail"],
      properties: {
        status: { type: "integer", description: "As in problem+json: 400, 415, 500, ..." },
        title: { type: "string" },
        detail: { type: "string" },
        errors: {
          type: "array",
          items: {
            type: "object",
            required: ["in", "path", "message"],
            properties: {
              in: { const: "message" },
              path: { type: "string", description: "A JSON Pointer into the message." },
              message: { type: "string" },
            },
          },
        },
      },
    },
  },
} as const;
