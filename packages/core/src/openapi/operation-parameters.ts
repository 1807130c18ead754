import type { ParameterLocation } from "../http/vocabulary.js";
import type { Operation } from "../operation/operation.js";
import type { JsonSchema } from "../schema/json-schema.js";
import { objectProperties } from "../schema/object-properties.js";
import type { SchemaRegistry } from "../schema/schema-registry.js";
import type { ComponentCollector } from "./component-collector.js";

interface ParameterSource {
  readonly name: string;
  readonly in: ParameterLocation;
  readonly schema: JsonSchema;
  required: boolean;
}

/** The names an object schema requires, following references and `allOf` like `objectProperties`. */
function requiredNames(
  registry: SchemaRegistry,
  schema: JsonSchema,
  into = new Set<string>(),
  depth = 0,
) {
  if (depth > 16) return into; // a self-including allOf cannot loop forever
  const object = registry.resolve(schema);
  for (const name of object.required ?? []) into.add(name);
  if (Array.isArray(object.allOf)) {
    for (const member of object.allOf as JsonSchema[])
      requiredNames(registry, member, into, depth + 1);
  }
  return into;
}

const isArraySchema = (schema: JsonSchema): boolean =>
  schema.type === "array" || (Array.isArray(schema.type) && schema.type.includes("array"));

// Header names are case-insensitive: (name, in) must be unique.
const sameParameter = (source: ParameterSource, location: ParameterLocation, name: string) =>
  source.in === location &&
  (location === "header" ? source.name.toLowerCase() === name.toLowerCase() : source.name === name);

/** Adds a parameter source, or widens the one with the same name and location to required. */
function addSource(
  sources: ParameterSource[],
  location: ParameterLocation,
  name: string,
  schema: JsonSchema,
  required: boolean,
): void {
  // Operations have a handful of parameters: a scan is cheaper than a keyed map.
  for (const existing of sources) {
    if (sameParameter(existing, location, name)) {
      existing.required ||= required;
      return;
    }
  }
  sources.push({ name, in: location, schema, required: location === "path" || required });
}

/** The Parameter Object of one source. */
function parameterObject(
  source: ParameterSource,
  registry: SchemaRegistry,
  collector: ComponentCollector,
  where: string,
): Record<string, unknown> {
  const resolved = registry.resolve(source.schema);
  const parameter: Record<string, unknown> = { name: source.name, in: source.in };
  const description = source.schema.description ?? resolved.description;
  if (typeof description === "string") parameter.description = description;
  if (source.required) parameter.required = true;
  if (resolved.deprecated === true) parameter.deprecated = true;
  if (isArraySchema(resolved)) {
    // Query arrays are repeated keys (`?tag=a&tag=b`), which is what the router parses.
    if (source.in === "query") {
      parameter.style = "form";
      parameter.explode = true;
    } else if (source.in === "path" || source.in === "header") parameter.style = "simple";
  }
  parameter.schema = collector.convert(
    withoutNull(source.schema),
    `parameter "${source.name}" (${source.in}) of ${where}`,
  );
  const example =
    "example" in resolved
      ? resolved.example
      : Array.isArray(resolved.examples)
        ? resolved.examples[0]
        : undefined;
  if (example !== undefined) parameter.example = structuredClone(example);
  return parameter;
}

const pathParameterSchema: JsonSchema = { type: "string" };

const isNullSchema = (schema: unknown): boolean =>
  typeof schema === "object" && schema !== null && (schema as JsonSchema).type === "null";

/**
 * The schema of a string-borne parameter without its null: a path, query, header or cookie value
 * is text, never null (`?limit=null` is the string "null"), so a model property that is optional
 * and admits null (`@IsOptional()`) is documented as optional only.
 */
function withoutNull(schema: JsonSchema): JsonSchema {
  let result = schema;
  if (Array.isArray(schema.type) && schema.type.includes("null")) {
    const types = schema.type.filter((type) => type !== "null");
    result = { ...result, type: types.length === 1 ? types[0] : types };
  }
  if (Array.isArray(schema.enum) && schema.enum.includes(null)) {
    result = { ...result, enum: schema.enum.filter((value) => value !== null) };
  }
  if (Array.isArray(schema.anyOf) && schema.anyOf.some(isNullSchema)) {
    const members = (schema.anyOf as JsonSchema[]).filter((member) => !isNullSchema(member));
    const { anyOf: _anyOf, ...rest } = result;
    result =
      members.length === 1 && Object.keys(rest).length === 0
        ? (members[0] as JsonSchema)
        : { ...rest, anyOf: members };
  }
  return result;
}

/**
 * The OpenAPI parameters of an operation: named bindings as they are, object bindings decomposed
 * into one parameter per property, and every path template variable declared (as a required
 * path parameter). Path parameters come first, in template order.
 */
export function operationParameters(
  operation: Operation,
  registry: SchemaRegistry,
  collector: ComponentCollector,
  where: string,
): Record<string, unknown>[] {
  const { pathParams } = operation;
  const paths: ParameterSource[] = [];
  const others: ParameterSource[] = [];
  const add = (
    location: ParameterLocation,
    name: string,
    schema: JsonSchema,
    required: boolean,
  ) => {
    if (location !== "path") addSource(others, location, name, schema, required);
    else if (pathParams.includes(name)) addSource(paths, location, name, schema, required);
    // A path binding the template does not have is not a parameter.
  };

  for (const binding of operation.bindings) {
    if (binding.kind !== "parameter") continue;
    if (binding.name !== undefined) {
      add(binding.in, binding.name, binding.jsonSchema, binding.required);
      continue;
    }
    // The same properties the router reads for this binding, one parameter each.
    const required = requiredNames(registry, binding.jsonSchema);
    for (const [name, schema] of objectProperties(binding.jsonSchema, registry)) {
      add(binding.in, name, schema, required.has(name));
    }
  }

  const result: Record<string, unknown>[] = [];
  for (const name of pathParams) {
    const source = paths.find((candidate) => candidate.name === name) ?? {
      name,
      in: "path",
      schema: pathParameterSchema,
      required: true,
    };
    result.push(parameterObject(source, registry, collector, where));
  }
  for (const source of others) result.push(parameterObject(source, registry, collector, where));
  return result;
}
