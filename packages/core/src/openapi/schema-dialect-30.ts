import { fileSchema30, isFileSchema } from "./file-schema.js";
import { inInputOrder, keeps30, requiredList } from "./schema-30-keywords.js";
import { isNullOnly, union, withNull30 } from "./schema-30-unions.js";
import { copy, isObject, openMembers, type SchemaObject } from "./schema-dialect-shared.js";

// OpenAPI 3.0's Schema Object: a subset of JSON Schema with nullable, boolean exclusive bounds and
// no const, type arrays or tuples. The walk recurses within this module only (toSchema30 ->
// simple30 or full30 -> toSchema30), so the per-node path is direct calls and nothing else.

/**
 * The common schemas (a reference alone; a type with plain keywords, properties, items, bounds,
 * an enum without null) converted key by key in one pass; undefined for anything that needs the
 * full conversion. Startup converts thousands of these, mostly while the code is still cold.
 */
function simple30(s: SchemaObject): SchemaObject | undefined {
  const out: SchemaObject = {};
  let keys = 0;
  for (const key in s) {
    const value = s[key];
    keys++;
    switch (key) {
      case "$ref":
        if (typeof value !== "string") return undefined;
        out.$ref = value;
        break;
      case "type":
        if (typeof value !== "string" || value === "null") return undefined;
        out.type = value;
        break;
      case "properties": {
        if (!isObject(value)) return undefined;
        const properties: SchemaObject = {};
        for (const name in value) properties[name] = toSchema30(value[name]);
        out.properties = properties;
        break;
      }
      case "items":
        if (!isObject(value)) return undefined;
        out.items = toSchema30(value);
        break;
      case "required": {
        if (!Array.isArray(value)) return undefined;
        const required = requiredList(value);
        if (required) out.required = required; // 3.0 forbids an empty list
        break;
      }
      case "minimum":
      case "maximum":
        if (typeof value !== "number") return undefined;
        out[key] = value;
        break;
      case "enum":
        if (!Array.isArray(value) || value.includes(null)) return undefined;
        out.enum = copy(value);
        break;
      case "additionalProperties":
        if (typeof value === "boolean") out[key] = value;
        else if (isObject(value)) out[key] = toSchema30(value);
        else return undefined;
        break;
      default:
        if (!keeps30(key)) return undefined;
        out[key] = copy(value);
    }
  }
  if (out.$ref !== undefined && keys > 1) return undefined; // siblings of $ref: see full30
  if (out.type === "array" && out.items === undefined) return undefined;
  return out;
}

/** Converts one JSON Schema (any draft-07/2020-12 leftovers included) to OpenAPI 3.0's dialect. */
export function toSchema30(input: unknown): SchemaObject {
  if (input === false) return { not: {} };
  if (!isObject(input)) return {};
  if (isFileSchema(input)) return fileSchema30(input as SchemaObject, keeps30);
  // Kept small on purpose: startup calls it for every schema node, and the full conversion is a
  // large function that most apps never need to compile.
  return simple30(input) ?? full30(input);
}

/** The conversion of any schema `simple30` leaves out: types with null, unions, tuples, const... */
function full30(s: SchemaObject): SchemaObject {
  const out: SchemaObject = {};
  let nullable = s.nullable === true;
  let onlyNull = false;
  let nullFromUnion = false;

  for (const [key, value] of Object.entries(s)) {
    if (keeps30(key)) out[key] = copy(value);
  }
  if (!("example" in s) && Array.isArray(s.examples) && s.examples.length > 0) {
    out.example = copy(s.examples[0]);
  }
  if (s.contentEncoding === "base64" && out.format === undefined) out.format = "byte";

  // type: no arrays, no "null".
  let typeBranches: SchemaObject[] | undefined;
  if (s.type !== undefined) {
    const types = (Array.isArray(s.type) ? s.type : [s.type]).filter(
      (type): type is string => typeof type === "string",
    );
    if (types.includes("null")) nullable = true;
    const others = [...new Set(types.filter((type) => type !== "null"))];
    if (others.length === 0) onlyNull = true;
    else if (others.length === 1) out.type = others[0];
    else typeBranches = others.map((type) => ({ type }));
  }

  // const becomes a one-value enum; null values become nullable.
  if ("const" in s) {
    if (s.const === null) {
      nullable = true;
      onlyNull = true;
    } else out.enum = [copy(s.const)];
  } else if (Array.isArray(s.enum)) {
    if (s.enum.includes(null)) nullable = true;
    out.enum = copy(s.enum);
  }

  // Numeric exclusive bounds become `minimum` + boolean flag (the stricter bound wins).
  for (const [exclusive, inclusive, stricter] of [
    ["exclusiveMinimum", "minimum", (a: number, b: number) => a > b],
    ["exclusiveMaximum", "maximum", (a: number, b: number) => a < b],
  ] as const) {
    const bound = s[inclusive];
    const flag = s[exclusive];
    if (typeof bound === "number") out[inclusive] = bound;
    if (typeof flag === "number") {
      if (typeof bound !== "number" || !stricter(bound, flag)) {
        out[inclusive] = flag;
        out[exclusive] = true;
      }
    } else if (flag === true && typeof bound === "number") out[exclusive] = true;
  }

  if (isObject(s.properties)) {
    const properties: SchemaObject = {};
    for (const [name, property] of Object.entries(s.properties))
      properties[name] = toSchema30(property);
    out.properties = properties;
  }
  const required = Array.isArray(s.required) ? requiredList(s.required) : undefined;
  if (required) out.required = required; // 3.0 forbids an empty list
  // patternProperties is unknown to 3.0: its schemas become the additionalProperties schema.
  const patterns = isObject(s.patternProperties) ? Object.values(s.patternProperties) : [];
  if (patterns.length > 0) {
    const members = patterns.map(toSchema30);
    if (isObject(s.additionalProperties)) members.push(toSchema30(s.additionalProperties));
    out.additionalProperties = union(members);
  } else if (typeof s.additionalProperties === "boolean") {
    out.additionalProperties = s.additionalProperties;
  } else if (isObject(s.additionalProperties)) {
    out.additionalProperties = toSchema30(s.additionalProperties);
  }

  // Tuples (2020-12 prefixItems, draft-07 array items) become one item schema, best effort.
  const tuple = Array.isArray(s.prefixItems)
    ? s.prefixItems
    : Array.isArray(s.items)
      ? s.items
      : undefined;
  if (tuple) {
    const rest = Array.isArray(s.prefixItems) ? s.items : s.additionalItems;
    const members = tuple.map(toSchema30);
    if (isObject(rest)) members.push(toSchema30(rest));
    out.items = union(members);
    if (rest === false && typeof out.maxItems !== "number") out.maxItems = tuple.length;
  } else if (s.items === false) {
    out.maxItems = 0;
  } else if (s.items !== undefined) {
    out.items = toSchema30(s.items);
  }

  if (s.not !== undefined) out.not = toSchema30(s.not);
  if (Array.isArray(s.allOf)) out.allOf = openMembers(s.allOf.map(toSchema30));
  for (const keyword of ["anyOf", "oneOf"] as const) {
    const members = s[keyword];
    if (!Array.isArray(members)) continue;
    const nonNull = members.filter((member) => !isNullOnly(member)).map(toSchema30);
    if (nonNull.length === members.length) {
      out[keyword] = nonNull;
      continue;
    }
    const [first, ...rest] = nonNull;
    if (first && rest.length > 0) {
      out[keyword] = [withNull30(first), ...rest]; // one member admitting null is enough
      continue;
    }
    nullable = true;
    nullFromUnion = true;
    if (!first) onlyNull = true;
    else if (typeof first.$ref === "string" && Object.keys(first).length === 1) {
      out.allOf = [...((out.allOf as SchemaObject[] | undefined) ?? []), first];
    } else if (Object.keys(first).every((key) => !(key in out))) Object.assign(out, first);
    else out[keyword] = [withNull30(first)];
  }

  if (typeBranches) {
    // Several non-null types: one branch per type, the array branch takes the item schema.
    for (const branch of typeBranches) {
      if (branch.type === "array") branch.items = out.items ?? {};
    }
    delete out.items;
    if (nullable) typeBranches[0] = withNull30(typeBranches[0] as SchemaObject);
    nullable = false;
    const existing = out.anyOf as SchemaObject[] | undefined;
    if (existing)
      out.allOf = [...((out.allOf as SchemaObject[] | undefined) ?? []), { anyOf: existing }];
    out.anyOf = typeBranches;
  }
  if (onlyNull && out.enum === undefined) out.enum = [null];
  if (nullable) {
    out.nullable = true;
    if (nullFromUnion && Array.isArray(out.enum) && !out.enum.includes(null)) {
      out.enum = [...out.enum, null];
    }
  }
  if (out.type === "array" && out.items === undefined) out.items = {}; // 3.0 requires items
  if (typeof s.$ref === "string") {
    // 3.0 ignores siblings of $ref: keep them by moving the reference into allOf.
    if (Object.keys(out).length === 0) return { $ref: s.$ref };
    out.allOf = [{ $ref: s.$ref }, ...((out.allOf as SchemaObject[] | undefined) ?? [])];
  }
  return inInputOrder(s, out);
}
