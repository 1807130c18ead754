import type { JsonSchema, JsonSchemaContext } from "@trellis/core/extend";
import type { ClassPlan, NestedPlan, PropertyPlan } from "./class-plan.js";
import { applyNotEmpty, decoratorKeywords } from "./decorator-keywords.js";
import { documentationOf, documented } from "./documentation.js";

const isEmpty = (schema: JsonSchema) => Object.keys(schema).length === 0;
const composite = ["$ref", "enum", "const", "anyOf", "oneOf", "allOf"];

/** `schema`, also allowing null. */
function orNull(schema: JsonSchema): JsonSchema {
  if (isEmpty(schema)) return schema; // already allows anything
  if (typeof schema.type === "string" && !composite.some((keyword) => keyword in schema)) {
    return { ...schema, type: [schema.type, "null"] };
  }
  return { anyOf: [schema, { type: "null" }] };
}

/** Combines a nested model's reference with the other keywords of the same value. */
function withModel(model: JsonSchema, others: JsonSchema): JsonSchema {
  const { type, ...rest } = others;
  if (type !== undefined && type !== "object") return { ...others, allOf: [model] };
  return isEmpty(rest) ? model : { ...rest, allOf: [model] };
}

/**
 * A class as a JSON Schema component named after the class; nested models (`@ValidateNested` +
 * `@Type`) become references to their own components, so each class is described once. Core
 * adds the safe-integer bounds that IsInt applies here.
 */
export function classToJsonSchema(
  target: Function,
  context: JsonSchemaContext,
  planOf: (target: Function) => ClassPlan,
): JsonSchema {
  const modelOf = (nested: NestedPlan): JsonSchema => {
    if (nested.discriminator) {
      const { property, subTypes } = nested.discriminator;
      const mapping: Record<string, string> = {};
      const oneOf = [...subTypes].map(([value, subType]) => {
        const ref = reference(subType);
        if (typeof ref.$ref === "string") mapping[String(value)] = ref.$ref;
        return ref;
      });
      return { oneOf, discriminator: { propertyName: property, mapping } };
    }
    return nested.target ? reference(nested.target) : { type: "object" };
  };

  const property = (plan: PropertyPlan): JsonSchema => {
    let value: JsonSchema = {};
    const items: JsonSchema = {};
    const notEmpty = new Set<JsonSchema>();
    for (const item of plan.metadata) {
      if (item.type !== "customValidation" || item.name === undefined) continue;
      const target = item.each ? items : value;
      if (item.name === "isNotEmpty") notEmpty.add(target);
      decoratorKeywords[item.name]?.(target, item.constraints ?? []);
    }
    for (const target of notEmpty) applyNotEmpty(target);
    if (plan.nested) {
      const model = modelOf(plan.nested);
      if (plan.nested.array) {
        value = {
          ...value,
          type: "array",
          items: isEmpty(items) ? model : withModel(model, items),
        };
      } else {
        value = withModel(model, value);
      }
    } else if (!isEmpty(items)) {
      value.items = items;
      // `@IsFile({ each: true })`: several files under one field are an array of files.
      if (items.format === "binary") value.type ??= "array";
    }
    return plan.presence.nullable ? orNull(value) : value;
  };

  const build = (target: Function): JsonSchema => {
    const plan = planOf(target);
    const properties: Record<string, JsonSchema> = {};
    const required: string[] = [];
    for (const item of plan.properties) {
      properties[item.name] = documented(property(item), documentationOf(target, item.name));
      if (item.required) required.push(item.name);
    }
    const schema: JsonSchema =
      required.length > 0
        ? { type: "object", properties, required }
        : { type: "object", properties };
    return documented(schema, documentationOf(target));
  };

  const reference = (target: Function): JsonSchema =>
    context.define(target.name, target, () => build(target));

  return reference(target);
}
