import { FormatRegistry, Kind, type TSchema } from "@sinclair/typebox";
import type { ValueError } from "@sinclair/typebox/compiler";
import {
  GetErrorFunction,
  type ValueErrorIterator,
  ValueErrorType,
} from "@sinclair/typebox/errors";
import { TypeSystemPolicy } from "@sinclair/typebox/system";

/** The errors of a value against one leaf schema, at the schema's own path (""). */
export type LeafErrors = (value: unknown) => ValueError[];

type Bound = "exclusiveMaximum" | "exclusiveMinimum" | "maximum" | "minimum" | "multipleOf";

// The number keywords in the order TypeBox's `Errors` checks them, with the error of each.
const numberKeywords: readonly Bound[] = [
  "exclusiveMaximum",
  "exclusiveMinimum",
  "maximum",
  "minimum",
  "multipleOf",
];
const numberErrors: Record<Bound, ValueErrorType> = {
  exclusiveMaximum: ValueErrorType.NumberExclusiveMaximum,
  exclusiveMinimum: ValueErrorType.NumberExclusiveMinimum,
  maximum: ValueErrorType.NumberMaximum,
  minimum: ValueErrorType.NumberMinimum,
  multipleOf: ValueErrorType.NumberMultipleOf,
};
const integerErrors: Record<Bound, ValueErrorType> = {
  exclusiveMaximum: ValueErrorType.IntegerExclusiveMaximum,
  exclusiveMinimum: ValueErrorType.IntegerExclusiveMinimum,
  maximum: ValueErrorType.IntegerMaximum,
  minimum: ValueErrorType.IntegerMinimum,
  multipleOf: ValueErrorType.IntegerMultipleOf,
};

const within: Record<Bound, (value: number, bound: number) => boolean> = {
  exclusiveMaximum: (value, bound) => value < bound,
  exclusiveMinimum: (value, bound) => value > bound,
  maximum: (value, bound) => value <= bound,
  minimum: (value, bound) => value >= bound,
  multipleOf: (value, bound) => value % bound === 0,
};

/** One error, made as TypeBox's `Errors` makes it (its message from the current error function). */
function error(type: ValueErrorType, schema: TSchema, value: unknown): ValueError {
  const errors: ValueErrorIterator[] = []; // a scalar's error has no inner errors
  const path = "";
  return {
    type,
    schema,
    path,
    value,
    message: GetErrorFunction()({ errorType: type, path, schema, value, errors }),
    errors,
  };
}

function stringErrors(schema: TSchema): LeafErrors {
  const { minLength, maxLength, pattern, format } = schema;
  const regex = typeof pattern === "string" ? new RegExp(pattern) : undefined;
  return (value) => {
    if (typeof value !== "string") return [error(ValueErrorType.String, schema, value)];
    const errors: ValueError[] = [];
    if (minLength !== undefined && !(value.length >= minLength)) {
      errors.push(error(ValueErrorType.StringMinLength, schema, value));
    }
    if (maxLength !== undefined && !(value.length <= maxLength)) {
      errors.push(error(ValueErrorType.StringMaxLength, schema, value));
    }
    if (regex !== undefined && !regex.test(value)) {
      errors.push(error(ValueErrorType.StringPattern, schema, value));
    }
    if (typeof format === "string") {
      // Read at each call, as TypeBox does: a format may be registered after startup.
      if (!FormatRegistry.Has(format)) {
        errors.push(error(ValueErrorType.StringFormatUnknown, schema, value));
      } else if (!(FormatRegistry.Get(format) as (value: string) => boolean)(value)) {
        errors.push(error(ValueErrorType.StringFormat, schema, value));
      }
    }
    return errors;
  };
}

function numericErrors(schema: TSchema, integer: boolean): LeafErrors {
  const bounds = numberKeywords.filter((keyword) => schema[keyword] !== undefined);
  const types = integer ? integerErrors : numberErrors;
  const typeError = integer ? ValueErrorType.Integer : ValueErrorType.Number;
  return (value) => {
    const numeric = integer ? Number.isInteger(value) : TypeSystemPolicy.IsNumberLike(value);
    if (!numeric) return [error(typeError, schema, value)];
    const errors: ValueError[] = [];
    for (const keyword of bounds) {
      if (!within[keyword](value as number, schema[keyword])) {
        errors.push(error(types[keyword], schema, value));
      }
    }
    return errors;
  };
}

/**
 * What TypeBox's `Errors` yields for a string, number, integer or boolean schema, computed
 * without its generic walk (a generator per schema node): the same errors, in the same order, with
 * the same messages. A 400 for an invalid scalar property, the path an attacker drives, mostly
 * costs that walk. Undefined for any other schema (the walk is used).
 */
export function compileLeafErrors(schema: TSchema): LeafErrors | undefined {
  switch (schema[Kind]) {
    case "String":
      return stringErrors(schema);
    case "Number":
      return numericErrors(schema, false);
    case "Integer":
      return numericErrors(schema, true);
    case "Boolean":
      return (value) =>
        typeof value === "boolean" ? [] : [error(ValueErrorType.Boolean, schema, value)];
    default:
      return undefined;
  }
}
