import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";
import {
  componentsAsJsonSchema,
  type Json,
  type SchemaObject,
  schemaAsJsonSchema,
} from "./openapi-to-json-schema.js";

// ajv-formats is CommonJS: imported from ESM, the plugin is the module's `default` property.
const addFormats = addFormatsModule.default;

/** An OpenAPI document, as far as the oracle reads it. */
export interface OpenApiDocument {
  readonly openapi: string;
  readonly paths: Record<string, Record<string, OperationObject>>;
  readonly components?: { readonly schemas?: Record<string, Json> };
}

/** A documented parameter. */
export interface ParameterObject {
  readonly name: string;
  readonly in: "path" | "query" | "header" | "cookie";
  readonly required?: boolean;
  readonly schema: Json;
}

/** A documented operation. */
export interface OperationObject {
  readonly operationId?: string;
  readonly parameters?: readonly ParameterObject[];
  readonly requestBody?: {
    readonly required?: boolean;
    readonly content: Record<string, { schema: Json }>;
  };
  readonly responses: Record<string, { readonly content?: Record<string, { schema: Json }> }>;
}

/**
 * Ajv (draft 2020-12, ajv-formats, `strict: false` for OpenAPI's annotation keywords) over the
 * schemas of one served document: every `#/components/schemas/Name` reference resolves because the
 * converted components sit beside each compiled schema.
 */
export class DocumentOracle {
  private readonly ajv = new Ajv2020({ strict: false, allErrors: false, validateFormats: true });
  private readonly components: Record<string, Json>;
  private readonly cache = new Map<string, ValidateFunction>();

  constructor(readonly document: OpenApiDocument) {
    addFormats(this.ajv);
    this.components = componentsAsJsonSchema(document);
  }

  /** The operation at `method` and OpenAPI path (`/users/{id}`); throws when it is not documented. */
  operation(method: string, path: string): OperationObject {
    const operation = this.document.paths[path]?.[method.toLowerCase()];
    if (!operation) throw new Error(`The document has no ${method} ${path}`);
    return operation;
  }

  /** A schema of the document as JSON Schema 2020-12, with `$ref`s to components inlined (for generators). */
  inline(schema: Json, depth = 0): Json {
    const converted = schemaAsJsonSchema(this.document, schema);
    return inlineRefs(converted, this.components, depth);
  }

  /** Validates `value` against a schema of the document. */
  check(schema: Json, value: unknown): { valid: boolean; errors: string } {
    const converted = schemaAsJsonSchema(this.document, schema) as SchemaObject;
    const key = JSON.stringify(converted);
    let validate = this.cache.get(key);
    if (!validate) {
      validate = this.ajv.compile({ ...converted, components: { schemas: this.components } });
      this.cache.set(key, validate);
    }
    const valid = validate(value) === true;
    return { valid, errors: valid ? "" : this.ajv.errorsText(validate.errors) };
  }
}

const componentRef = /^#\/components\/schemas\/(.+)$/;

function inlineRefs(schema: Json, components: Record<string, Json>, depth: number): Json {
  if (depth > 32) throw new Error("The document's schemas nest too deep (a cycle?)");
  if (Array.isArray(schema)) return schema.map((item) => inlineRefs(item, components, depth + 1));
  if (schema === null || typeof schema !== "object") return schema;
  const ref = typeof schema.$ref === "string" ? componentRef.exec(schema.$ref)?.[1] : undefined;
  if (ref !== undefined) {
    const { $ref: _, ...rest } = schema;
    const target = components[decodeURIComponent(ref)];
    if (target === undefined) throw new Error(`Unresolved ${schema.$ref}`);
    const inlined = inlineRefs(target, components, depth + 1) as SchemaObject;
    return Object.keys(rest).length === 0
      ? inlined
      : { allOf: [inlined, inlineRefs(rest, components, depth + 1)] };
  }
  return Object.fromEntries(
    Object.entries(schema)
      .filter(([key]) => key !== "$id")
      .map(([key, value]) => [key, inlineRefs(value, components, depth + 1)]),
  );
}
