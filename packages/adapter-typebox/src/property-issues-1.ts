import type { ValidationIssue } from "@trellis/core/extend";
import type { TSchema } from "typebox";
import { Compile } from "typebox/compile";
import { issuesByProperty, type PropertyField } from "./property-walk.js";
import { type TypeBox1Error, toIssues } from "./typebox-1-issues.js";
import type { Node } from "./typebox-1-schema.js";

// Keywords of an object schema whose errors only a walk of the whole object finds.
const wholeObjectKeywords = [
  "patternProperties",
  "minProperties",
  "maxProperties",
  "propertyNames",
  "dependentRequired",
  "dependentSchemas",
  "unevaluatedProperties",
  "if",
  "then",
  "else",
  "allOf",
  "anyOf",
  "oneOf",
  "not",
  "$ref",
  "$dynamicRef",
  "const",
  "enum",
];

/**
 * The issues of an invalid TypeBox 1.x object, property by property (see `issuesByProperty`),
 * each property with its own compiled check: TypeBox 1.x's `Errors` on a whole object costs
 * several times its cost on the failing properties alone. Undefined for a schema that is not an
 * object of named properties.
 */
export function compileTypeBox1PropertyIssues(
  schema: TSchema,
  context: Record<string, TSchema>,
): ((input: unknown, limit: number) => ValidationIssue[] | undefined) | undefined {
  const node = schema as Node;
  if (node["~kind"] !== "Object" || node.type !== "object") return undefined;
  const properties = node.properties;
  if (typeof properties !== "object" || properties === null) return undefined;
  if (wholeObjectKeywords.some((keyword) => node[keyword] !== undefined)) return undefined;
  const rest = node.additionalProperties;
  if (rest !== undefined && rest !== true) return undefined;
  const required = new Set(Array.isArray(node.required) ? (node.required as string[]) : []);
  const fields = Object.getOwnPropertyNames(properties).map((key): PropertyField => {
    const property = (properties as Record<string, TSchema>)[key] as TSchema;
    let check: ReturnType<typeof Compile> | undefined;
    const checkOf = () => {
      check ??= Compile(context, property);
      return check;
    };
    return {
      key,
      required: required.has(key),
      passes: (value) => checkOf().Check(value),
      issues: (value, limit) =>
        toIssues(checkOf().Errors(value) as unknown as TypeBox1Error[], limit, [key]),
    };
  });
  return issuesByProperty(fields);
}
