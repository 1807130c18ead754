import { configError } from "../errors/core-config-error.js";
import { TrellisConfigError } from "../errors/trellis-config-error.js";
import type { BodyContentType } from "../http/vocabulary.js";
import { decoratorFlags } from "../metadata/decorator-mode.js";
import type { BindingMetadata } from "../metadata/metadata-store.js";
import { refusalOf } from "../schema/foreign-schema.js";
import type { JsonSchema } from "../schema/json-schema.js";
import type { SchemaAdapter } from "../schema/schema-adapter.js";
import type { SchemaCompiler } from "../schema/schema-compiler.js";
import type { SchemaRegistry } from "../schema/schema-registry.js";
import { bodyFormPlan } from "./body-form-plan.js";
import type { Binding } from "./operation.js";

/** What turning decorator records into bindings needs. */
export interface BindingContext {
  readonly adapter: SchemaAdapter;
  readonly registry: SchemaRegistry;
  readonly compiler: SchemaCompiler;
}

const decoratorNames = { path: "Param", query: "Query", header: "Header", cookie: "Cookie" };

const bodyContentTypes: readonly BodyContentType[] = [
  "application/json",
  "application/x-www-form-urlencoded",
  "multipart/form-data",
];

// The reflected parameter types a named binding can be coerced to without a schema.
const reflectedSchemas = new Map<unknown, JsonSchema>([
  [String, { type: "string" }],
  [Number, { type: "number" }],
  [Boolean, { type: "boolean" }],
  [Array, { type: "array", items: { type: "string" } }],
]);

/** The JSON Schema of an adapter schema; adapter failures become `UNSUPPORTED_SCHEMA`. */
export function adapterJsonSchema(
  context: BindingContext,
  schema: unknown,
  where: string,
): JsonSchema {
  if (!context.adapter.isSchema(schema)) {
    const refusal = refusalOf(schema, context.adapter);
    throw configError(
      refusal.missingJsonSchema === true ? "MISSING_JSON_SCHEMA" : "UNSUPPORTED_SCHEMA",
      [
        where,
        `the ${context.adapter.name} adapter does not recognise the schema: ${refusal.reason}`,
      ],
    );
  }
  try {
    return context.registry.fromAdapter(context.adapter, schema, where);
  } catch (error) {
    if (error instanceof TrellisConfigError) throw error;
    throw configError(
      "UNSUPPORTED_SCHEMA",
      [where, `the ${context.adapter.name} adapter could not describe the schema as JSON Schema`],
      { cause: error },
    );
  }
}

/** A reflected class the adapter knows (`@Body() input: CreateUser` with class schemas). */
function reflectedAdapterSchema(context: BindingContext, reflected: unknown): unknown {
  return typeof reflected === "function" &&
    !reflectedSchemas.has(reflected) &&
    reflected !== Object &&
    context.adapter.isSchema(reflected)
    ? reflected
    : undefined;
}

/**
 * Turns one method's binding records into the bindings of one of its operations. `reflected` is
 * the method's `design:paramtypes`, undefined when the compiler emitted none.
 */
export function buildBindings(
  context: BindingContext,
  records: readonly BindingMetadata[],
  reflected: readonly unknown[] | undefined,
  pathParams: readonly string[],
  where: string,
): Binding[] {
  // A binding without a schema takes its type from the reflected one: without
  // emitDecoratorMetadata it would silently read unvalidated strings.
  const reflectedAt = (index: number, decorator: string): unknown => {
    if (reflected !== undefined) return reflected[index];
    throw configError("DECORATOR_METADATA_MISSING", [
      `${where} (parameter ${index})`,
      decorator,
      decorator,
      decoratorFlags,
    ]);
  };
  const ordered = records.length < 2 ? records : [...records].sort((a, b) => a.index - b.index);
  let bodies = 0;
  for (let i = 0; i < ordered.length; i++) {
    const record = ordered[i] as BindingMetadata;
    if (i > 0 && record.index === (ordered[i - 1] as BindingMetadata).index) {
      throw configError("CONFLICTING_BINDINGS", [where, record.index]);
    }
    if (record.kind === "body") bodies++;
  }
  if (bodies > 1) {
    throw configError("DUPLICATE_BODY", [where]);
  }

  return ordered.map((record): Binding => {
    const at = `${where} (parameter ${record.index})`;
    if (record.kind === "request") {
      if ("read" in record && typeof record.read !== "function") {
        throw configError("INVALID_REQUEST_VALUE", [
          at,
          record.read === null ? "null" : typeof record.read,
        ]);
      }
      return record.read === undefined
        ? { kind: "request", index: record.index }
        : { kind: "request", index: record.index, read: record.read };
    }

    if (record.kind === "body") {
      if (!bodyContentTypes.includes(record.contentType as BodyContentType)) {
        throw configError("INVALID_BODY_CONTENT_TYPE", [
          at,
          JSON.stringify(record.contentType),
          bodyContentTypes.join(", "),
        ]);
      }
      const schema = record.hasSchema
        ? record.schema
        : reflectedAdapterSchema(context, reflectedAt(record.index, "@Body"));
      const hasSchema = record.hasSchema || schema !== undefined;
      const jsonSchema = hasSchema ? adapterJsonSchema(context, schema, at) : undefined;
      const form = bodyFormPlan(record, jsonSchema, context.registry, at);
      return {
        kind: "body",
        index: record.index,
        schema,
        jsonSchema,
        contentType: record.contentType as BodyContentType,
        required: hasSchema ? !context.compiler.acceptsMissing(schema, "body", at) : true,
        ...(form === undefined ? {} : { form }),
      };
    }

    const base = {
      kind: "parameter",
      index: record.index,
      in: record.in,
      name: record.name,
    } as const;
    if (record.hasSchema) {
      const jsonSchema = adapterJsonSchema(context, record.schema, at);
      const required =
        record.in === "path" ||
        (record.name !== undefined &&
          !context.compiler.acceptsMissing(record.schema, record.in, at));
      return { ...base, schema: record.schema, jsonSchema, required };
    }

    const type = reflectedAt(record.index, `@${decoratorNames[record.in]}`);
    if (record.name !== undefined) {
      const jsonSchema = reflectedSchemas.get(type);
      if (!jsonSchema) {
        throw configError("UNSUPPORTED_PARAMETER_TYPE", [
          at,
          String(record.name),
          typeof type === "function" ? type.name : String(type),
        ]);
      }
      return { ...base, schema: undefined, jsonSchema, required: record.in === "path" };
    }

    const schema = reflectedAdapterSchema(context, type);
    if (schema !== undefined) {
      return {
        ...base,
        schema,
        jsonSchema: adapterJsonSchema(context, schema, at),
        required: record.in === "path",
      };
    }
    // A whole location without a schema: its raw strings (every path parameter, as strings).
    const jsonSchema: JsonSchema =
      record.in === "path"
        ? {
            type: "object",
            properties: Object.fromEntries(pathParams.map((name) => [name, { type: "string" }])),
            required: [...pathParams],
          }
        : { type: "object" };
    return { ...base, schema: undefined, jsonSchema, required: record.in === "path" };
  });
}
