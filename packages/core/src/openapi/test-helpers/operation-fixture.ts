import { routeShape } from "../../http/route-shape.js";
import type { BodyContentType, HttpMethod, ParameterLocation } from "../../http/vocabulary.js";
import type {
  Binding,
  Operation,
  OperationDocs,
  ResponseSpec,
  SecurityRequirement,
} from "../../operation/operation.js";
import type { JsonSchema } from "../../schema/json-schema.js";
import type { JsonSchemaContext, SchemaAdapter } from "../../schema/schema-adapter.js";
import { SchemaRegistry } from "../../schema/schema-registry.js";

const dataKeywords = new Set(["enum", "const", "default", "example", "examples"]);

/**
 * A tiny adapter whose schemas are plain JSON Schema objects; an object carrying `$id` is a named
 * model (declared through the context, so it becomes a component). Validation accepts anything:
 * the OpenAPI tests only need the schemas.
 */
export const jsonSchemaAdapter: SchemaAdapter = {
  name: "json-schema",
  isSchema: (value) => value !== null && typeof value === "object" && !Array.isArray(value),
  compile: () => (input) => ({ ok: true, value: input }),
  toJsonSchema(schema: unknown, context: JsonSchemaContext): JsonSchema {
    const visit = (value: unknown): unknown => {
      if (Array.isArray(value)) return value.map(visit);
      if (value === null || typeof value !== "object") return value;
      const { $id, ...rest } = value as Record<string, unknown>;
      const build = () => {
        const output: Record<string, unknown> = {};
        for (const [key, inner] of Object.entries(rest)) {
          output[key] = dataKeywords.has(key) ? inner : visit(inner);
        }
        return output as JsonSchema;
      };
      return typeof $id === "string" ? context.define($id, value, build) : build();
    };
    return visit(schema) as JsonSchema;
  },
};

/** What a test says about an operation; everything has a default. */
export interface OperationInit {
  readonly method?: HttpMethod;
  /** A Bun path with `:name` parameters. */
  readonly path?: string;
  readonly controller?: abstract new (...args: never[]) => unknown;
  readonly handlerName?: string;
  readonly params?: readonly {
    readonly in: ParameterLocation;
    readonly name?: string;
    readonly schema: JsonSchema;
    readonly required?: boolean;
  }[];
  readonly body?: {
    readonly schema?: JsonSchema;
    readonly contentType?: BodyContentType;
    readonly required?: boolean;
  };
  readonly returns?: readonly {
    readonly status: number;
    readonly schema?: JsonSchema;
    readonly isArray?: boolean;
    readonly description?: string;
    readonly headers?: ResponseSpec["headers"];
    readonly example?: unknown;
  }[];
  /** `@Produces` media types; `sse` makes it an `@Sse` route. */
  readonly produces?: readonly string[];
  readonly sse?: boolean;
  readonly docs?: Partial<OperationDocs>;
  readonly security?: readonly SecurityRequirement[];
  readonly guarded?: boolean;
}

class TestController {}

/**
 * Builds `Operation` objects the way the operation builder does (schemas through the adapter and
 * the registry), for tests that do not go through decorators.
 */
export class OperationFixture {
  readonly registry = new SchemaRegistry();
  private count = 0;

  /** An adapter schema's JSON Schema, named models registered. */
  jsonSchema(schema: JsonSchema): JsonSchema {
    return this.registry.fromAdapter(jsonSchemaAdapter, schema);
  }

  operation(init: OperationInit = {}): Operation {
    const index = this.count++;
    const path = init.path ?? "/items";
    const pathParams = [...path.matchAll(/:([A-Za-z0-9_]+)/g)].map((match) => match[1] as string);
    const handlerName = init.handlerName ?? `handler${index}`;
    const controller = init.controller ?? TestController;
    const bindings: Binding[] = [];
    for (const param of init.params ?? []) {
      bindings.push({
        kind: "parameter",
        index: bindings.length,
        in: param.in,
        name: param.name,
        schema: param.schema,
        jsonSchema: this.jsonSchema(param.schema),
        required: param.required ?? param.in === "path",
      });
    }
    if (init.body) {
      bindings.push({
        kind: "body",
        index: bindings.length,
        schema: init.body.schema,
        jsonSchema: init.body.schema ? this.jsonSchema(init.body.schema) : undefined,
        contentType: init.body.contentType ?? "application/json",
        required: init.body.required ?? true,
      });
    }
    const responses: ResponseSpec[] = (init.returns ?? []).map((spec) => {
      const item = spec.schema ? this.jsonSchema(spec.schema) : undefined;
      return {
        status: spec.status,
        schema: spec.schema,
        isArray: spec.isArray ?? false,
        jsonSchema: item && spec.isArray ? { type: "array", items: item } : item,
        description: spec.description,
        headers: spec.headers ?? [],
        ...("example" in spec ? { example: spec.example } : {}),
        hasExample: "example" in spec,
      };
    });
    const docs: OperationDocs = {
      summary: undefined,
      description: undefined,
      operationId: `${controller.name}_${handlerName}`,
      operationIdExplicit: false,
      tags: [],
      controllerTag: { name: controller.name, description: undefined },
      deprecated: false,
      hidden: false,
      ...init.docs,
    };
    return {
      controller,
      handlerName,
      method: init.method ?? "GET",
      path,
      shape: routeShape(path),
      openapiPath: path.replace(/:([A-Za-z0-9_]+)/g, "{$1}"),
      pathParams,
      bindings,
      responses,
      produces: init.sse ? ["text/event-stream"] : (init.produces ?? []),
      sse: init.sse ? { keepAlive: 5_000 } : undefined,
      docs,
      security: init.security ?? [],
      public: false,
      bodyLimit: 1024 * 1024,
      timeout: undefined,
      guarded: init.guarded ?? false,
    };
  }
}
