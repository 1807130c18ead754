// The one JSON-Schema test adapter (ajv underneath), for the tests of core and of the packages
// that need an adapter without a validation library (swagger-ui). It imports only types from
// @trellis/core, so core's tests can reach it by relative path without a package cycle
// (core -> testing -> core): `../../../testing/src/json-schema-adapter.js`.
import type {
  CompileOptions,
  JsonSchema,
  JsonSchemaContext,
  SchemaAdapter,
  ValidationIssue,
} from "@trellis/core/extend";
import { Ajv, type ErrorObject } from "ajv";
import formatsModule from "ajv-formats";

/** A schema of the test adapter: plain JSON Schema, optionally named (a component). */
export interface TestSchema {
  readonly json: Record<string, unknown>;
  readonly name: string | undefined;
  /** Accepts a missing value (`undefined`), like zod's `.optional()`. */
  readonly optional?: boolean;
}

// Registers the test adapter with core's `Infer`: plain JSON Schema has no static type, so a test
// schema gives `unknown` (checks nothing), and a program whose only adapter is this one (swagger-ui's
// tests) does not get the "no adapter types are loaded" error type.
declare module "@trellis/core/extend" {
  interface SchemaTypes<S> {
    jsonSchemaTest: S extends TestSchema ? unknown : never;
  }
}

const schemas = new WeakSet<object>();

/** Wraps JSON Schema as a test-adapter schema; nested `TestSchema`s may appear anywhere inside. */
export function schema(json: Record<string, unknown>, name?: string): TestSchema {
  const wrapped = Object.freeze({ json, name });
  schemas.add(wrapped);
  return wrapped;
}

/** The same schema, also accepting a missing value. */
export function optional(inner: TestSchema): TestSchema {
  const wrapped = Object.freeze({ ...inner, optional: true });
  schemas.add(wrapped);
  return wrapped;
}

const isTestSchema = (value: unknown): value is TestSchema =>
  typeof value === "object" && value !== null && schemas.has(value);

function mapDeep(value: unknown, replace: (schema: TestSchema) => unknown): unknown {
  if (isTestSchema(value)) return replace(value);
  if (Array.isArray(value)) return value.map((item) => mapDeep(item, replace));
  if (value === null || typeof value !== "object") return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, inner]) => [key, mapDeep(inner, replace)]),
  );
}

/** The schema with nested test schemas inlined (what ajv compiles). */
function inline(schema: TestSchema): Record<string, unknown> {
  return mapDeep(schema.json, inline) as Record<string, unknown>;
}

function issuesOf(errors: readonly ErrorObject[]): ValidationIssue[] {
  return errors.map((error) => {
    const path: (string | number)[] = error.instancePath
      .split("/")
      .slice(1)
      .map((token) => token.replaceAll("~1", "/").replaceAll("~0", "~"))
      .map((token) => (/^(0|[1-9][0-9]*)$/.test(token) ? Number(token) : token));
    const missing = (error.params as { missingProperty?: string }).missingProperty;
    if (error.keyword === "required" && missing !== undefined) {
      return { path: [...path, missing], message: "is required", code: error.keyword };
    }
    return { path, message: error.message ?? "is invalid", code: error.keyword };
  });
}

/**
 * The test adapter: `isSchema` knows `schema(...)` values, `compile` uses ajv (all errors, formats,
 * undeclared properties removed unless the policy is "keep"), `toJsonSchema` gives the JSON as
 * written, with named schemas as components.
 *
 * @example
 * const CreateItem = schema({ type: "object", properties: { name: { type: "string" } } }, "CreateItem");
 * createApp({ schema: jsonSchemaAdapter(), controllers: [ItemController] });
 */
export function jsonSchemaAdapter(): SchemaAdapter & { compiled: number } {
  const addFormats = ((formatsModule as unknown as { default?: unknown }).default ??
    formatsModule) as (ajv: Ajv) => void;
  const validators = {
    strip: new Ajv({ allErrors: true, strict: false, useDefaults: true, removeAdditional: "all" }),
    keep: new Ajv({ allErrors: true, strict: false, useDefaults: true }),
  };
  addFormats(validators.strip);
  addFormats(validators.keep);
  const adapter = {
    name: "json-schema",
    compiled: 0,
    isSchema: isTestSchema,
    compile(value: unknown, options: CompileOptions) {
      if (!isTestSchema(value)) throw new TypeError("not a test schema");
      adapter.compiled++;
      const ajv = options.unknownProperties === "keep" ? validators.keep : validators.strip;
      const validate = ajv.compile(inline(value));
      const optional = value.optional === true;
      return (input: unknown) =>
        (optional && input === undefined) || validate(input)
          ? { ok: true as const, value: input }
          : { ok: false as const, issues: issuesOf(validate.errors ?? []) };
    },
    toJsonSchema(value: unknown, context: JsonSchemaContext): JsonSchema {
      if (!isTestSchema(value)) throw new TypeError("not a test schema");
      const describe = (schema: TestSchema): JsonSchema => {
        const build = () => mapDeep(schema.json, describe) as JsonSchema;
        return schema.name === undefined ? build() : context.define(schema.name, schema, build);
      };
      return describe(value);
    },
  };
  return adapter;
}
