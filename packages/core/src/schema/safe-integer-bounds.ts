import type { JsonSchema } from "./json-schema.js";
import { jsonTextMayInclude } from "./json-text.js";
import { isDataKey, schemaMapKeywords } from "./schema-keywords.js";
import { setOwn } from "./set-own.js";

// The largest integer a JSON number (an IEEE 754 double) carries exactly: 2^53 - 1. JSON parsing
// rounds 9007199254740993 to ...992, a different number than the client sent.
const largest = Number.MAX_SAFE_INTEGER;

type Node = Record<string, unknown>;

const isNode = (value: unknown): value is Node => typeof value === "object" && value !== null;

const isInteger = (type: unknown): boolean =>
  type === "integer" || (Array.isArray(type) && type.includes("integer"));

/**
 * `record` with each value transformed: a copy where one changed, the same object otherwise.
 * Plain loops: this runs over every schema of an app at startup.
 */
function mapValues(record: Node, transform: (key: string, value: unknown) => unknown): Node {
  const keys = Object.keys(record);
  let output: Node | undefined;
  for (let index = 0; index < keys.length; index++) {
    const key = keys[index] as string;
    const item = record[key];
    const next = transform(key, item);
    if (output === undefined) {
      if (next === item) continue;
      output = {};
      for (let before = 0; before < index; before++) {
        const kept = keys[before] as string;
        setOwn(output, kept, record[kept]);
      }
    }
    setOwn(output, key, next);
  }
  return output ?? record;
}

/**
 * One integer schema bounded to the safe integers: its own `minimum`/`maximum` where tighter,
 * ±(2^53 - 1) otherwise, no bound where its exclusive bound is tighter already.
 */
function bounded(schema: Node): Node {
  const { minimum, maximum, exclusiveMinimum, exclusiveMaximum } = schema;
  const bounds: Node = {};
  if (typeof minimum === "number") {
    if (minimum < -largest) bounds.minimum = -largest;
  } else if (!(typeof exclusiveMinimum === "number" && exclusiveMinimum >= -largest)) {
    bounds.minimum = -largest;
  }
  if (typeof maximum === "number") {
    if (maximum > largest) bounds.maximum = largest;
  } else if (!(typeof exclusiveMaximum === "number" && exclusiveMaximum <= largest)) {
    bounds.maximum = largest;
  }
  return Object.keys(bounds).length === 0 ? schema : { ...schema, ...bounds };
}

/**
 * The JSON Schema of an adapter whose integers are safe integers, saying so: every integer schema
 * in it, at any depth, gets the bounds its validation applies. Only the path to a changed schema
 * is copied; a schema without integers comes back as it is.
 */
export function withSafeIntegerBounds(schema: JsonSchema): JsonSchema {
  if (!jsonTextMayInclude(schema, ['"integer"'])) return schema; // nothing to bound: no walk
  const done = new Map<Node, Node>();
  // Any value in schema position: arrays stay arrays, objects are schemas, scalars stay.
  const value = (inner: unknown): unknown => {
    if (Array.isArray(inner)) {
      let items: unknown[] | undefined;
      for (let index = 0; index < inner.length; index++) {
        const next = value(inner[index]);
        if (items === undefined) {
          if (next === inner[index]) continue;
          items = inner.slice(0, index);
        }
        items.push(next);
      }
      return items ?? inner;
    }
    return isNode(inner) ? node(inner) : inner;
  };
  const named = (_name: string, schema: unknown) => value(schema);
  const keyword = (key: string, item: unknown): unknown => {
    if (isDataKey(key)) return item;
    // Names in these maps are property names (or patterns), never keywords.
    if (schemaMapKeywords.has(key) && isNode(item) && !Array.isArray(item)) {
      return mapValues(item, named);
    }
    return value(item);
  };
  const node = (input: Node): Node => {
    const known = done.get(input);
    if (known) return known;
    done.set(input, input); // a cycle meets the original, not a loop
    const inner = mapValues(input, keyword);
    const result = isInteger(input.type) ? bounded(inner) : inner;
    done.set(input, result);
    return result;
  };
  return value(schema) as JsonSchema;
}
