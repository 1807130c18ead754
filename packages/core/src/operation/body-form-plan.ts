import { configError } from "../errors/core-config-error.js";
import type { JsonSchema } from "../schema/json-schema.js";
import type { SchemaRegistry } from "../schema/schema-registry.js";
import {
  defaultMultipartLimits,
  type FormPlan,
  type MultipartLimits,
} from "../uploads/form-plan.js";
import type { UploadSink } from "../uploads/upload-sink.js";

const isSink = (value: unknown): value is UploadSink =>
  typeof value === "object" &&
  value !== null &&
  typeof (value as UploadSink).open === "function" &&
  typeof (value as UploadSink).kind === "string";

const isLimit = (value: unknown) => Number.isSafeInteger(value) && (value as number) > 0;

/** The largest file a field's schema allows (`maxLength`, on the field or its items), if any. */
function schemaMaxSize(
  schema: JsonSchema | undefined,
  field: string,
  registry: SchemaRegistry,
): number | undefined {
  if (schema === undefined) return undefined;
  const property = registry.resolve(schema).properties?.[field];
  if (property === undefined) return undefined;
  let resolved = registry.resolve(property);
  if (resolved.type === "array" && resolved.items !== undefined) {
    resolved = registry.resolve(resolved.items as JsonSchema);
  }
  return typeof resolved.maxLength === "number" ? resolved.maxLength : undefined;
}

/**
 * The streaming plan of a multipart body whose `@Body` declares `uploads` (a sink per file field)
 * or `multipart` limits; undefined when it declares neither (the body is read in memory as before).
 * Each sink's largest file is its own `maxSize`, else its field's schema maxSize: both are checked
 * while the file streams.
 */
export function bodyFormPlan(
  record: {
    readonly contentType: unknown;
    readonly uploads?: unknown;
    readonly multipart?: unknown;
  },
  jsonSchema: JsonSchema | undefined,
  registry: SchemaRegistry,
  at: string,
): FormPlan | undefined {
  const { uploads, multipart } = record;
  if (uploads === undefined && multipart === undefined) return undefined;
  if (record.contentType !== "multipart/form-data") {
    throw configError("INVALID_UPLOADS", [
      at,
      "declares uploads or multipart limits, but its content type is not multipart/form-data",
    ]);
  }
  const sinks = new Map<string, { sink: UploadSink; maxSize?: number }>();
  if (uploads !== undefined) {
    if (typeof uploads !== "object" || uploads === null) {
      throw configError("INVALID_UPLOADS", [
        at,
        "uploads must be an object of sinks by field name",
      ]);
    }
    for (const [field, sink] of Object.entries(uploads)) {
      if (!isSink(sink)) {
        throw configError("INVALID_UPLOADS", [
          at,
          `uploads.${field} is not an upload sink (use memorySink, diskSink, or s3Sink from @trellis/upload-s3)`,
        ]);
      }
      if (sink.maxSize !== undefined && !isLimit(sink.maxSize)) {
        throw configError("INVALID_LIMIT", [
          `${at}: the maxSize of uploads.${field}`,
          String(sink.maxSize),
          "a positive integer",
        ]);
      }
      const maxSize = sink.maxSize ?? schemaMaxSize(jsonSchema, field, registry);
      sinks.set(field, maxSize === undefined ? { sink } : { sink, maxSize });
    }
  }
  const limits = { ...defaultMultipartLimits };
  for (const [name, value] of Object.entries((multipart ?? {}) as MultipartLimits)) {
    if (!(name in defaultMultipartLimits) || !isLimit(value)) {
      throw configError("INVALID_LIMIT", [
        `${at}: @Body multipart.${name}`,
        String(value),
        "a known limit with a positive integer value",
      ]);
    }
    limits[name as keyof MultipartLimits] = value;
  }
  return { sinks, limits };
}
