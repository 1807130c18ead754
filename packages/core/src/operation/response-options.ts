import { configError } from "../errors/core-config-error.js";
import type { JsonSchema } from "../schema/json-schema.js";
import { adapterJsonSchema, type BindingContext } from "./build-bindings.js";
import type { ResponseHeaderSpec } from "./operation.js";

/** What the third argument of one `@Returns` declares, checked. */
export interface ResponseDetails {
  readonly description: string | undefined;
  readonly headers: readonly ResponseHeaderSpec[];
  readonly example?: unknown;
  readonly hasExample: boolean;
}

const none: readonly never[] = Object.freeze([]);
const optionKeys = new Set(["description", "headers", "example"]);
const headerKeys = new Set(["schema", "description", "required"]);
// RFC 9110 field names: a token.
const fieldName = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === "object" && !Array.isArray(value);

const invalid = (at: string, message: string) =>
  configError("INVALID_RESPONSE_OPTIONS", [at, message]);

/**
 * The schema of a declared header: the adapter's when it claims the value, else plain JSON
 * Schema written inline (`{ type: "string", format: "uri" }`), else a string.
 */
function headerSchema(context: BindingContext, schema: unknown, at: string): JsonSchema {
  if (schema === undefined) return { type: "string" };
  if (context.adapter.isSchema(schema)) return adapterJsonSchema(context, schema, at);
  if (isRecord(schema)) return structuredClone(schema) as JsonSchema;
  throw invalid(at, "a header schema must be an adapter schema or a JSON Schema object.");
}

/** Checks the description string or options object `@Returns` was given. */
export function readResponseDetails(
  context: BindingContext,
  declared: unknown,
  at: string,
): ResponseDetails {
  if (declared === undefined || typeof declared === "string") {
    return { description: declared, headers: none, hasExample: false };
  }
  if (!isRecord(declared)) {
    throw invalid(at, "the third argument must be a description or an options object.");
  }
  const unknownKey = Object.keys(declared).find((key) => !optionKeys.has(key));
  if (unknownKey !== undefined) {
    throw invalid(at, `unknown option "${unknownKey}" (expected description, headers, example).`);
  }
  const { description, headers, example } = declared;
  if (description !== undefined && typeof description !== "string") {
    throw invalid(at, "description must be a string.");
  }
  const hasExample = Object.hasOwn(declared, "example");
  return {
    description,
    headers: readHeaders(context, headers, at),
    ...(hasExample ? { example } : {}),
    hasExample,
  };
}

function readHeaders(
  context: BindingContext,
  headers: unknown,
  at: string,
): readonly ResponseHeaderSpec[] {
  if (headers === undefined) return none;
  if (!isRecord(headers)) throw invalid(at, "headers must be an object keyed by header name.");
  const seen = new Set<string>();
  return Object.entries(headers).map(([name, header]) => {
    const where = `${at} header "${name}"`;
    if (!fieldName.test(name)) throw invalid(where, "is not a valid header name.");
    if (seen.has(name.toLowerCase())) throw invalid(where, "is declared twice.");
    seen.add(name.toLowerCase());
    if (name.toLowerCase() === "content-type") {
      // OpenAPI ignores a Content-Type header here: the media types under `content` say it.
      throw invalid(
        where,
        "Content-Type is described by the response's media types, not a header.",
      );
    }
    if (!isRecord(header)) throw invalid(where, "must be an object ({ schema?, description? }).");
    const unknownKey = Object.keys(header).find((key) => !headerKeys.has(key));
    if (unknownKey !== undefined) {
      throw invalid(
        where,
        `unknown option "${unknownKey}" (expected schema, description, required).`,
      );
    }
    if (header.description !== undefined && typeof header.description !== "string") {
      throw invalid(where, "description must be a string.");
    }
    if (header.required !== undefined && typeof header.required !== "boolean") {
      throw invalid(where, "required must be a boolean.");
    }
    return {
      name,
      jsonSchema: headerSchema(context, header.schema, where),
      description: header.description as string | undefined,
      required: header.required === true,
    };
  });
}
