import type { DocumentFragment, FragmentHeader } from "../operation/feature-use.js";
import type { Operation } from "../operation/operation.js";
import { statusHasBody } from "./response-status.js";
import { type OpenApiVersion, toOpenApiSchema } from "./schema-dialect.js";
import { statusRecord } from "./status-record.js";

// What route features add to an operation object already built from the rest of the operation:
// their parameters, the headers of success answers and their refusals, from the fragments the
// operation carries (so the document says what the compiled stages do).

type Responses = Record<string, Record<string, unknown>>;

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

function headerObjects(
  headers: Readonly<Record<string, FragmentHeader>>,
  version: OpenApiVersion,
): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(headers).map(([name, header]) => [
      name,
      {
        description: header.description,
        schema: toOpenApiSchema(header.schema, version),
        ...(header.example === undefined ? {} : { example: header.example }),
      },
    ]),
  );
}

function withHeaders(response: Record<string, unknown>, headers: Record<string, unknown>) {
  response.headers = { ...(response.headers as Record<string, unknown> | undefined), ...headers };
}

// Success headers a status documents already (the user's own `ETag`, any case) keep their text.
function withNewHeaders(response: Record<string, unknown>, headers: Record<string, unknown>) {
  const own = new Set(
    Object.keys((response.headers as Record<string, unknown> | undefined) ?? {}).map((name) =>
      name.toLowerCase(),
    ),
  );
  const added = Object.entries(headers).filter(([name]) => !own.has(name.toLowerCase()));
  if (added.length > 0) withHeaders(response, Object.fromEntries(added));
}

// A parameter the operation documents already (the user's `@Header("If-Match")`) is not repeated.
const documentedAlready = (
  parameters: readonly { name: string; in: string }[],
  parameter: { name: string; in: string },
) =>
  parameters.some(
    (own) =>
      own.in === parameter.in &&
      (parameter.in === "header"
        ? own.name.toLowerCase() === parameter.name.toLowerCase()
        : own.name === parameter.name),
  );

/** Adds one fragment to an operation object; a status the user documented keeps its content. */
export function applyFragment(
  fragment: DocumentFragment,
  operation: Operation,
  object: Record<string, unknown>,
  problemContent: () => unknown,
  version: OpenApiVersion,
): void {
  const responses = object.responses as Responses;
  if (fragment.parameters !== undefined && fragment.parameters.length > 0) {
    const own = (object.parameters as { name: string; in: string }[] | undefined) ?? [];
    const parameters = fragment.parameters
      .filter((parameter) => !documentedAlready(own, parameter))
      .map((parameter) => ({
        name: parameter.name,
        in: parameter.in,
        required: parameter.required,
        description: parameter.description,
        schema: toOpenApiSchema(parameter.schema, version),
        ...(parameter.example === undefined ? {} : { example: parameter.example }),
      }));
    object.parameters = [...((object.parameters as unknown[] | undefined) ?? []), ...parameters];
  }
  if (fragment.successHeaders !== undefined) {
    const headers = headerObjects(fragment.successHeaders, version);
    for (const [key, response] of Object.entries(responses)) {
      if (isSuccess(key)) withNewHeaders(response, headers);
    }
  }
  for (const refusal of fragment.responses ?? []) {
    const status = String(refusal.status);
    const own = responses[status];
    if (own === undefined) {
      responses[status] = statusHasBody(refusal.status, operation.method)
        ? { description: refusal.description, content: problemContent() }
        : { description: refusal.description };
    } else if (refusal.documented === "append") {
      // The user's own description of the status stays first; the refusal is added to it.
      const reason = refusal.description.slice(refusal.description.indexOf(": ") + 2);
      own.description = `${String(own.description)}; or ${reason}`;
    }
    if (refusal.headers !== undefined) {
      withHeaders(
        responses[status] as Record<string, unknown>,
        headerObjects(refusal.headers, version),
      );
    }
  }
  object.responses = sorted(responses);
}

/** Adds every fragment of the operation's features, in the app's order. */
export function documentFeatures(
  operation: Operation,
  object: Record<string, unknown>,
  problemContent: () => unknown,
  version: OpenApiVersion,
): void {
  for (const use of operation.features ?? []) {
    if (use.document !== undefined) {
      applyFragment(use.document, operation, object, problemContent, version);
    }
  }
}
