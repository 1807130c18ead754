import type { JsonSchema, JsonSchemaContext, JsonSchemaDialect } from "@trellis/core/extend";
import type { DocumentedSchema } from "./standard-schema.js";

type Node = Record<string, unknown>;

/** The Standard JSON Schema targets the adapter asks for: the document's dialect. */
export type JsonSchemaTarget = JsonSchemaDialect;

/** Options for the library's converter, passed on as the standard's `libraryOptions`. */
export type LibraryOptions = Record<string, unknown> | undefined;

const componentName = /^[A-Za-z0-9._-]+$/;
const isNode = (value: unknown): value is Node =>
  typeof value === "object" && value !== null && !Array.isArray(value);

// Keywords whose values are data (a `{ id }` there is no schema) and whose values map names to schemas.
const dataKeywords = new Set(["enum", "const", "default", "example", "examples"]);
const mapKeywords = new Set([
  "properties",
  "patternProperties",
  "dependentSchemas",
  "$defs",
  "definitions",
]);

/**
 * The schema's input-side JSON Schema in `target`. A library that refuses the `openapi-3.0`
 * target (ArkType offers draft-2020-12 and draft-07 only) is asked for draft-2020-12, which core
 * converts to the 3.0 dialect as it does for every adapter.
 */
function emit(
  schema: DocumentedSchema,
  target: JsonSchemaTarget,
  libraryOptions: LibraryOptions,
): Node {
  const convert = (asked: JsonSchemaTarget) =>
    schema["~standard"].jsonSchema.input({
      target: asked,
      ...(libraryOptions === undefined ? {} : { libraryOptions }),
    });
  if (target === "draft-2020-12") return convert(target);
  try {
    return convert(target);
  } catch {
    return convert("draft-2020-12");
  }
}

/** The component name a node carries as metadata (`id`, or a plain-name `$id`), if any. */
function nameOf(node: Node): string | undefined {
  for (const key of ["id", "$id"]) {
    const name = node[key];
    if (typeof name === "string" && componentName.test(name)) return name;
  }
  return undefined;
}

function withoutName(node: Node): Node {
  const { id: _id, $id: _uri, ...rest } = node;
  return rest;
}

/**
 * The emitted JSON Schema made ready for core: `definitions` renamed `$defs`, every named node
 * below the root moved into `$defs` (core hoists them into components) and replaced by a local
 * reference (the root too: `{ $ref, $defs }`, which core unwraps). A reference core cannot resolve (the root `#`, an unnamed cycle) is a startup error.
 */
function prepare(root: Node): Node {
  const definitions: Node = {};
  const visit = (value: unknown, isSchema: boolean): unknown => {
    if (Array.isArray(value)) return value.map((item) => visit(item, isSchema));
    if (!isNode(value)) return value;
    if (!isSchema) {
      const map: Node = {};
      for (const [key, inner] of Object.entries(value)) {
        Object.defineProperty(map, key, {
          value: visit(inner, true),
          enumerable: true,
          writable: true,
          configurable: true,
        });
      }
      return map;
    }
    const name = nameOf(value);
    const output: Node = {};
    for (const [key, inner] of Object.entries(name === undefined ? value : withoutName(value))) {
      if (key === "$ref" && typeof inner === "string") output.$ref = localReference(inner);
      else if (key === "$defs" || key === "definitions") {
        Object.assign(definitions, visit(inner, false));
      } else if (dataKeywords.has(key)) output[key] = inner;
      else output[key] = visit(inner, !mapKeywords.has(key));
    }
    if (name === undefined) return output;
    definitions[name] = output;
    return { $ref: `#/$defs/${name}` };
  };
  const { $schema: _dialect, ...body } = root;
  const schema = visit(body, true) as Node;
  if (Object.keys(definitions).length > 0) schema.$defs = definitions;
  return schema;
}

function localReference(ref: string): string {
  const local = /^#\/(?:\$defs|definitions)\/(.+)$/.exec(ref);
  if (local && !local[1]?.startsWith("__schema")) return `#/$defs/${local[1]}`;
  throw new Error(
    `The schema's JSON Schema has the reference "${ref}", which an OpenAPI document cannot hold (a recursive schema without a name?): give the recursive schema an id (Zod: .meta({ id: "Name" }); ArkType: .configure({ id: "Name" }); Valibot: v.metadata({ id: "Name" })).`,
  );
}

/**
 * The schema's JSON Schema through Standard JSON Schema (`~standard.jsonSchema.input`), input
 * side. Named models become components: a root emitted as a reference to its own definition
 * (Zod's `.meta({ id })`) or carrying an `id` goes through `context.define`; named schemas inside
 * it come back as `$defs`, which core hoists into components.
 */
export function standardToJsonSchema(
  schema: DocumentedSchema,
  context: JsonSchemaContext,
  target: JsonSchemaTarget,
  libraryOptions: LibraryOptions,
): JsonSchema {
  const emitted = emit(schema, target, libraryOptions);
  const prepared = prepare(emitted);
  // A named root comes back as a reference to its own definition: that name is the component's.
  const own =
    typeof prepared.$ref === "string" && Object.keys(prepared).length === 2
      ? /^#\/\$defs\/(.+)$/.exec(prepared.$ref)?.[1]
      : undefined;
  if (own === undefined) return prepared as JsonSchema;
  return context.define(own, schema, () => prepared as JsonSchema);
}
