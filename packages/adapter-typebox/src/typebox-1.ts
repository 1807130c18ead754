import type {
  JsonSchema,
  JsonSchemaContext,
  SchemaAdapter,
  ValidationResult,
  Validator,
} from "@trellis/core/extend";
import type { TSchema } from "typebox";
import { Compile } from "typebox/compile";
import Format from "typebox/format";
import Value from "typebox/value";
import { compileOnFirstUse } from "./compile-on-first-use.js";
import { fileJsonSchema, isFileSchema } from "./file-type.js";
import { defaultFormats } from "./format-checks.js";
import { compileTypeBox1PropertyIssues } from "./property-issues-1.js";
import { type TypeBox1Error, toIssues } from "./typebox-1-issues.js";
import { isNode, isTypeBox1Schema, type Node } from "./typebox-1-schema.js";
import type { TypeBoxAdapterOptions } from "./typebox-options.js";

const componentName = /^[A-Za-z0-9._-]+$/;

// Keywords whose values are data (never schemas), and whose values map names to schemas.
const dataKeywords = new Set(["enum", "const", "default", "example", "examples"]);
const mapKeywords = new Set(["properties", "patternProperties", "dependentSchemas", "$defs"]);

/**
 * The schema as plain JSON Schema: TypeBox's own keys (`~kind`, ...) left out, a nested schema
 * with a `$id` moved into `$defs` (core hoists it into a component) and a reference by `$id`
 * (`Type.Ref("User")`) pointed at that component.
 */
function toPlain(schema: Node): Node {
  const definitions: Node = {};
  const visit = (value: unknown, isSchema: boolean, isRoot: boolean): unknown => {
    if (Array.isArray(value)) return value.map((item) => visit(item, isSchema, false));
    if (!isNode(value)) return value;
    if (isSchema && isFileSchema(value)) return fileJsonSchema(value);
    const output: Node = {};
    for (const [key, inner] of Object.entries(value)) {
      if (key.startsWith("~")) continue;
      if (!isSchema) {
        Object.defineProperty(output, key, {
          value: visit(inner, true, false),
          enumerable: true,
          writable: true,
          configurable: true,
        });
      } else if (key === "$id") continue;
      else if (key === "$ref" && typeof inner === "string" && componentName.test(inner)) {
        output.$ref = `#/components/schemas/${inner}`;
      } else if (dataKeywords.has(key)) output[key] = inner;
      else output[key] = visit(inner, !mapKeywords.has(key), false);
    }
    const id = isSchema ? value.$id : undefined;
    if (isRoot || typeof id !== "string" || !componentName.test(id)) return output;
    definitions[id] = output;
    return { $ref: `#/$defs/${id}` };
  };
  const plain = visit(schema, true, true) as Node;
  if (Object.keys(definitions).length > 0) plain.$defs = definitions;
  return plain;
}

/**
 * The adapter for TypeBox 1.x (`typebox`) schemas: validates with `Compile` from
 * `typebox/compile` (once per schema, on its first request unless `precompile`) and documents the
 * schema as it is (it is JSON Schema already); a schema with `$id` becomes a component. Core
 * applies the unknown-property policy and the safe-integer rule from that JSON Schema. Loaded only
 * where the `typebox` package is installed.
 */
export function typebox1(options: TypeBoxAdapterOptions): SchemaAdapter {
  // TypeBox 1.x has the formats built in, but its e-mail check takes `ada@example` (no top-level
  // domain), which every other adapter and the document's validators refuse.
  if (options.formats !== false && defaultFormats.email) Format.Set("email", defaultFormats.email);
  const references = (options.references ?? []).filter(isTypeBox1Schema);
  const context = Object.fromEntries(
    references.flatMap((schema) => (typeof schema.$id === "string" ? [[schema.$id, schema]] : [])),
  );
  const build = (schema: TSchema, limit: number): Validator => {
    const check = Compile(context, schema);
    const byProperty = compileTypeBox1PropertyIssues(schema, context);
    return (input): ValidationResult => {
      if (check.Check(input)) return { ok: true, value: input };
      const issues =
        byProperty?.(input, limit) ??
        toIssues(check.Errors(input) as unknown as TypeBox1Error[], limit);
      return {
        ok: false,
        issues: issues.length > 0 ? issues : [{ path: [], message: "Invalid value" }],
      };
    };
  };
  return {
    name: "typebox",
    unknownProperties: options.unknownProperties,
    safeIntegers: true,
    shapeRulesByCore: true,
    isSchema: isTypeBox1Schema,
    compile(schema, { maxIssues }): Validator {
      if (!isTypeBox1Schema(schema)) throw new Error("Not a TypeBox 1.x schema.");
      if (options.precompile === true) return build(schema, maxIssues);
      return compileOnFirstUse(() => build(schema, maxIssues));
    },
    acceptsMissing(schema: unknown): boolean {
      return isTypeBox1Schema(schema) && Value.Check(context, schema, undefined);
    },
    toJsonSchema(schema, jsonContext: JsonSchemaContext): JsonSchema {
      if (!isTypeBox1Schema(schema)) throw new Error("Not a TypeBox 1.x schema.");
      for (const reference of references) {
        const id = reference.$id as string;
        jsonContext.define(id, reference, () => toPlain(reference as Node) as JsonSchema);
      }
      const id = schema.$id;
      const plain = () => toPlain(schema as Node) as JsonSchema;
      return typeof id === "string" && componentName.test(id)
        ? jsonContext.define(id, schema, plain)
        : plain();
    },
  };
}
