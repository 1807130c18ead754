import { Kind, type TSchema } from "@sinclair/typebox";
import { type TypeCheck, TypeCompiler } from "@sinclair/typebox/compiler";
import type { ValidationIssue } from "@trellis/core";
import { compileLeafErrors, type LeafErrors } from "./leaf-errors.js";
import { issueAt, pointerToPath } from "./to-issues.js";

// Object keywords whose errors only a walk of the whole object finds.
const wholeObjectKeywords = ["minProperties", "maxProperties", "patternProperties"];

interface Field {
  readonly key: string;
  readonly required: boolean;
  check: TypeCheck<TSchema> | undefined;
  readonly schema: TSchema;
  /** The property's errors without TypeBox's walk, for a scalar schema. */
  readonly leafErrors: LeafErrors | undefined;
}

/**
 * The issues of an invalid object, found property by property: each present property is checked
 * with its own compiled check, and only a failing one is walked by TypeBox's `Errors`. Gives the
 * very issues, in the very order, the walk of the whole object gives (required keys missing and
 * unknown keys excepted: for those, and for anything but a plain object, it answers undefined and
 * the caller walks the whole value). TypeBox's walk of an object is most of what a 400 costs, on
 * the path an attacker drives. Undefined for a schema that is not such an object.
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
  const fields: Field[] = Object.getOwnPropertyNames(schema.properties).map((key) => {
    const property = (schema.properties as Record<string, TSchema>)[key] as TSchema;
    return {
      key,
      required: required.has(key),
      check: undefined,
      schema: property,
      leafErrors: compileLeafErrors(property),
    };
  });
  const checkOf = (field: Field) => {
    field.check ??= TypeCompiler.Compile(field.schema, references());
    return field.check;
  };
  return (input, limit) => {
    if (typeof input !== "object" || input === null || Array.isArray(input)) return undefined;
    const value = input as Record<string, unknown>;
    for (const field of fields)
      if (field.required && !Object.hasOwn(value, field.key)) return undefined;
    const issues: ValidationIssue[] = [];
    for (const field of fields) {
      const inner = value[field.key];
      if (!field.required && inner === undefined) continue; // an absent optional property
      const check = checkOf(field);
      if (check.Check(inner)) continue;
      for (const error of field.leafErrors?.(inner) ?? check.Errors(inner)) {
        const path =
          error.path === "" ? [field.key] : [field.key, ...pointerToPath(error.path, inner)];
        issues.push(issueAt(error, path));
        if (issues.length >= limit) return issues;
      }
    }
    return issues;
  };
}
