import { isJsonMediaType } from "../http/negotiate.js";
import type { Operation, ResponseSpec } from "../operation/operation.js";
import type { JsonSchema } from "../schema/json-schema.js";
import type { ComponentCollector } from "./component-collector.js";
import type { OpenApiVersion } from "./schema-dialect.js";

type MediaTypes = Record<string, Record<string, unknown>>;

/**
 * The schema of a body sent as it is (not JSON): text for `text/*`, else bytes, as each version
 * says binary: `format: binary` in 3.0, `contentMediaType` in 3.1 and later.
 */
export function rawBodySchema(mediaType: string, version: OpenApiVersion): JsonSchema {
  if (mediaType.toLowerCase().startsWith("text/")) return { type: "string" };
  if (version === "3.0") return { type: "string", format: "binary" };
  return { type: "string", contentMediaType: mediaType.split(";")[0]?.trim() ?? mediaType };
}

/**
 * One Server-Sent Event as the OpenAPI 3.2 registry models `text/event-stream`: an object of its
 * fields, `data` being text. JSON data is described by `contentSchema` (3.1 and later); 3.0 has no
 * such keyword, so there `data` carries the payload's schema directly (its JSON text's meaning).
 */
function eventSchema(payload: JsonSchema | undefined, version: OpenApiVersion): JsonSchema {
  let data: JsonSchema;
  const text = payload === undefined || payload.type === "string";
  if (text) data = payload ?? { type: "string" };
  else if (version === "3.0") data = payload;
  else data = { type: "string", contentMediaType: "application/json", contentSchema: payload };
  return {
    type: "object",
    ...(text || version !== "3.0"
      ? {}
      : { description: "A Server-Sent Event; its data is sent as JSON text." }),
    required: ["data"],
    properties: {
      data,
      event: { type: "string" },
      id: { type: "string" },
      retry: { type: "integer", minimum: 0 },
    },
  };
}

/**
 * An `@Sse` response: in 3.2 each event is the stream's `itemSchema` (the faithful form); before
 * 3.2 the stream is documented as the array of its events, the form 3.2's media type registry
 * gives for a whole stream.
 */
function eventStreamContent(payload: JsonSchema | undefined, version: OpenApiVersion): MediaTypes {
  const event = eventSchema(payload, version);
  if (version === "3.2") return { "text/event-stream": { itemSchema: event } };
  return { "text/event-stream": { schema: { type: "array", items: event } } };
}

/**
 * The `content` of a success response: each media type the operation produces (JSON alone by
 * default), JSON ones with the declared schema, others with a text or binary schema. Undefined for
 * a response without a body.
 */
export function successContent(
  operation: Operation,
  spec: ResponseSpec | undefined,
  collector: ComponentCollector,
  version: OpenApiVersion,
  where: string,
): MediaTypes | undefined {
  const schema =
    spec?.jsonSchema &&
    collector.convert(spec.jsonSchema, `the ${spec.status} response of ${where}`);
  if (operation.sse !== undefined) return eventStreamContent(schema, version);
  const produced = operation.produces.length > 0 ? operation.produces : ["application/json"];
  if (schema === undefined && operation.produces.length === 0) return undefined;
  const anyJson = produced.some(isJsonMediaType);
  const content: MediaTypes = {};
  for (const mediaType of produced) {
    const json = isJsonMediaType(mediaType);
    const media: Record<string, unknown> = {
      schema: json ? (schema ?? {}) : rawBodySchema(mediaType, version),
    };
    // An example belongs to the JSON representation when there is one.
    if (spec?.hasExample && (json || !anyJson)) media.example = spec.example;
    content[mediaType] = media;
  }
  return content;
}

/** The `headers` of a response with declared headers, in the document's schema dialect. */
export function responseHeaders(
  spec: ResponseSpec,
  collector: ComponentCollector,
  where: string,
): Record<string, unknown> | undefined {
  if (spec.headers.length === 0) return undefined;
  const headers: Record<string, unknown> = {};
  for (const header of spec.headers) {
    const object: Record<string, unknown> = {};
    if (header.description !== undefined) object.description = header.description;
    if (header.required) object.required = true;
    object.schema = collector.convert(
      header.jsonSchema,
      `the ${header.name} header of the ${spec.status} response of ${where}`,
    );
    headers[header.name] = object;
  }
  return headers;
}
