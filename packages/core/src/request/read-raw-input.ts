import type { InputLocation } from "../errors/http-exception.js";
import { headerValueUtf8 } from "../http/strict-utf8.js";
import type { JsonSchema } from "../schema/json-schema.js";
import { objectProperties } from "../schema/object-properties.js";
import type { SchemaRegistry } from "../schema/schema-registry.js";
import { type ValueCoercer, valueCoercer } from "./coerce.js";
import { pointerToken, type RequestInputs, unreadable } from "./request-inputs.js";

/** One input as the request holds it: a string, repeated strings, absent, or unreadable. */
export type RawInput = string | string[] | undefined | typeof unreadable;

/** A header's value read as UTF-8 (`unreadable`, with an issue, when its bytes are not UTF-8). */
export function headerInput(inputs: RequestInputs, name: string, pointer: string): RawInput {
  const value = inputs.request.headers.get(name);
  if (value === null) return undefined;
  const text = headerValueUtf8(value);
  if (text !== undefined) return text;
  inputs.addIssue("header", pointer, "must be valid UTF-8");
  return unreadable;
}

export function coerceInput(
  raw: RawInput,
  coercer: ValueCoercer,
  splitLists: boolean,
  inputs: RequestInputs,
  where: InputLocation,
  pointer: string,
): unknown {
  if (raw === undefined || raw === unreadable) return raw;
  if (typeof raw === "string") {
    if (!coercer.isArray) return coercer.item(raw);
    const items = splitLists ? raw.split(",").map((item) => item.trim()) : [raw];
    return items.map(coercer.item);
  }
  if (coercer.isArray) return raw.map(coercer.item);
  inputs.addIssue(where, pointer, "must be given once");
  return unreadable;
}
/** A declared property's coercer and its JSON Pointer (for issues), both made at startup. */
export interface PropertyCoercer {
  readonly coercer: ValueCoercer;
  readonly pointer: string;
}

/** The coercer of each declared property of an object schema, keyed by property name. */
export function propertyCoercers(
  schema: JsonSchema,
  registry: SchemaRegistry,
): Map<string, PropertyCoercer> {
  const result = new Map<string, PropertyCoercer>();
  for (const [name, property] of objectProperties(schema, registry)) {
    result.set(name, {
      coercer: valueCoercer(property, registry),
      pointer: `/${pointerToken(name)}`,
    });
  }
  return result;
}
