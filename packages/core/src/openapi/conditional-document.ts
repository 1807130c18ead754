import type { Operation } from "../operation/operation.js";
import { statusHasBody } from "./response-status.js";

// The documentation of `@Conditional` (RFC 9110 section 13): the validator headers, the
// precondition parameters and the answers they lead to, added to an operation object built from
// the rest of the operation.

type Responses = Record<string, Record<string, unknown>>;

const etagSchema = { type: "string", pattern: '^(W/)?"[^"]*"$' };

const etagOfRead = {
  description:
    "The entity-tag of this representation (RFC 9110 section 8.8.3). Send it back in If-None-Match to be answered 304 while it is current.",
  schema: etagSchema,
  example: '"2c1a4b9e7f30d8a5"',
};

const etagOfChange = {
  description:
    "The entity-tag of the resource after the change, when the operation sends one: send it in If-Match with the next change.",
  schema: etagSchema,
  example: '"8"',
};

const ifNoneMatch = {
  name: "If-None-Match",
  in: "header",
  required: false,
  description:
    'Entity-tags of representations the client has (or "*"): when one still matches (weak comparison), the answer is 304 Not Modified, with no body.',
  schema: { type: "string" },
  example: '"2c1a4b9e7f30d8a5"',
};

const ifMatch = (required: boolean) => ({
  name: "If-Match",
  in: "header",
  required,
  description:
    'The ETag of the resource as last read (or "*" for any current version): the change is made only while it is still current (strong comparison), else the answer is 412 Precondition Failed.',
  schema: { type: "string" },
  example: '"7"',
});

const isSuccess = (key: string) => key === "default" || (key >= "200" && key < "300");

function addHeader(response: Record<string, unknown>, header: Record<string, unknown>) {
  const headers = { ...(response.headers as Record<string, unknown> | undefined) };
  if (!Object.keys(headers).some((name) => name.toLowerCase() === "etag")) headers.ETag = header;
  response.headers = headers;
}

function addParameter(object: Record<string, unknown>, parameter: { name: string }) {
  const parameters = (object.parameters as { name: string; in: string }[] | undefined) ?? [];
  const name = parameter.name.toLowerCase();
  // The user's own `@Header("if-match")` documents it already.
  if (parameters.some((p) => p.in === "header" && p.name.toLowerCase() === name)) return;
  object.parameters = [...parameters, parameter];
}

/**
 * Adds what `@Conditional` answers to an operation object. GET: `ETag` on its success responses,
 * the `If-None-Match` parameter and a 304 with no body. A method that changes state: the `If-Match`
 * parameter (required with `requireIfMatch`), `ETag` on success, a 412 and, with `requireIfMatch`,
 * a 428, both problem+json. A status the user documented keeps the user's description and content.
 */
export function documentConditional(
  operation: Operation,
  object: Record<string, unknown>,
  problemContent: () => unknown,
): void {
  const { conditional } = operation;
  if (conditional === undefined) return;
  const responses = object.responses as Responses;
  const refusal = (status: number, description: string) =>
    statusHasBody(status, operation.method)
      ? { description, content: problemContent() }
      : { description };
  const read = operation.method === "GET" || operation.method === "HEAD";
  for (const [key, response] of Object.entries(responses)) {
    if (isSuccess(key)) addHeader(response, read ? etagOfRead : etagOfChange);
  }
  if (read) {
    addParameter(object, ifNoneMatch);
    responses["304"] ??= {
      description:
        "Not Modified: the representation the client has (If-None-Match, If-Modified-Since) is current; no body.",
      headers: { ETag: etagOfRead },
    };
    return;
  }
  addParameter(object, ifMatch(conditional.requireIfMatch));
  responses["412"] ??= refusal(
    412,
    "Precondition Failed: the resource changed since the ETag sent in If-Match; read it again and retry.",
  );
  if (conditional.requireIfMatch) {
    responses["428"] ??= refusal(
      428,
      "Precondition Required: this operation needs an If-Match header with the resource's ETag.",
    );
  }
}
