import type { JsonSchema, SchemaAdapter, ValidationIssue } from "@trellis/core";

/** A schema for the tiny test adapter: plain JSON Schema; a `title` makes it a named component. */
export type TestSchema = JsonSchema & { readonly type: string };

/**
 * A minimal schema adapter over plain JSON Schema objects, enough for the docs tests: types,
 * `required`, `minLength`, nested objects and arrays; undeclared properties are stripped.
 *
 * @example
 * createApp({ schema: jsonSchemaAdapter(), controllers: [ItemController] });
 */
export function jsonSchemaAdapter(): SchemaAdapter {
  return {
    name: "test-json-schema",
    isSchema: (value) =>
      typeof value === "object" &&
      value !== null &&
      !Array.isArray(value) &&
      typeof (value as { type?: unknown }).type === "string",
    compile: (schema) => (input) => {
      const issues: ValidationIssue[] = [];
      const value = check(schema as JsonSchema, input, [], issues);
      return issues.length === 0 ? { ok: true, value } : { ok: false, issues };
    },
    toJsonSchema: (schema, context) => {
      const { title, ...rest } = schema as JsonSchema & { title?: string };
      return title === undefined ? { ...rest } : context.define(title, schema, () => ({ ...rest }));
    },
  };
}

function check(
  schema: JsonSchema,
  input: unknown,
  path: (string | number)[],
  issues: ValidationIssue[],
): unknown {
  const fail = (message: string) => {
    issues.push({ path, message });
    return input;
  };
  switch (schema.type) {
    case "string":
      if (typeof input !== "string") return fail("must be a string");
      if (typeof schema.minLength === "number" && input.length < schema.minLength) {
        return fail(`must be at least ${schema.minLength} character(s)`);
      }
      return input;
    case "integer":
      return Number.isInteger(input) ? input : fail("must be an integer");
    case "number":
      return typeof input === "number" && Number.isFinite(input) ? input : fail("must be a number");
    case "boolean":
      return typeof input === "boolean" ? input : fail("must be a boolean");
    case "array":
      if (!Array.isArray(input)) return fail("must be an array");
      return input.map((item, index) =>
        schema.items ? check(schema.items, item, [...path, index], issues) : item,
      );
    case "object": {
      if (typeof input !== "object" || input === null || Array.isArray(input)) {
        return fail("must be an object");
      }
      const record = input as Record<string, unknown>;
      const output: Record<string, unknown> = {};
      for (const key of schema.required ?? []) {
        if (!Object.hasOwn(record, key))
          issues.push({ path: [...path, key], message: "is required" });
      }
      for (const [key, property] of Object.entries(schema.properties ?? {})) {
        if (Object.hasOwn(record, key))
          output[key] = check(property, record[key], [...path, key], issues);
      }
      return output;
    }
    default:
      return input;
  }
}
