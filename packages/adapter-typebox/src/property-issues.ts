import { Kind, type TSchema } from "@sinclair/typebox";
import { type TypeCheck, TypeCompiler } from "@sinclair/typebox/compiler";
import type { ValidationIssue } from "@trellis/core/extend";
import { compileLeafErrors } from "./leaf-errors.js";
import { issuesByProperty, type PropertyField } from "./property-walk.js";
import { issueAt, pointerToPath } from "./to-issues.js";

// Object keywords whose errors only a walk of the whole object finds.
const wholeObjectKeywords = ["minProperties", "maxProperties", "patternProperties"];

/**
 * The issues of an invalid TypeBox 0.34 object, property by property (see `issuesByProperty`):
 * each property with its own compiled check, and a failing scalar's errors without TypeBox's walk
 * (see `compileLeafErrors`). Unknown keys are left to the caller's walk. Undefined for a schema
 * that is not an object of named properties.
 */
export function compilePropertyIssues(
  schema: TSchema,
  references: () => TSchema[],
): ((input: unknown, limit: number) => ValidationIssue[] | undefined) | undefined {
  if (schema[Kind] !== "Object" || typeof schema.properties !== "object") return undefined;
  if (wholeObjectKeywords.some((keyword) => schema[keyword] !== undefined)) return undefined;
  const rest = schema.additionalProperties;
  if (rest !== undefined && rest !== true) return undefined;
  const required = new Set<string>(Array.isArray(schema.required) ? schema.required : []);
  const properties = schema.properties as Record<string, TSchema>;
  const fields = Object.getOwnPropertyNames(properties).map((key): PropertyField => {
    const property = properties[key] as TSchema;
    const leafErrors = compileLeafErrors(property);
    let check: TypeCheck<TSchema> | undefined;
    const checkOf = () => {
      check ??= TypeCompiler.Compile(property, references());
      return check;
    };
    return {
      key,
      required: required.has(key),
      passes: (value) => checkOf().Check(value),
      issues: (value, limit) => {
        // TypeBox's `Errors` is lazy: nothing past the limit is computed.
        const issues: ValidationIssue[] = [];
        for (const error of leafErrors?.(value) ?? checkOf().Errors(value)) {
          const path = error.path === "" ? [key] : [key, ...pointerToPath(error.path, value)];
          issues.push(issueAt(error, path));
          if (issues.length >= limit) break;
        }
        return issues;
      },
    };
  });
  return issuesByProperty(fields);
}
