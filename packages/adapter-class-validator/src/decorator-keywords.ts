import type { JsonSchema } from "@trellis/core/extend";

type Apply = (schema: JsonSchema, constraints: readonly unknown[]) => void;

const set =
  (keyword: string, value: unknown): Apply =>
  (schema) => {
    schema[keyword] = value;
  };
const fromConstraint =
  (keyword: string, index = 0): Apply =>
  (schema, constraints) => {
    if (constraints[index] !== undefined) schema[keyword] = constraints[index];
  };

// Most class-validator checks also check the type (`IsEmail` fails for 42): so does the schema.
const typed =
  (type: string, apply: Apply): Apply =>
  (schema, constraints) => {
    schema.type ??= type;
    apply(schema, constraints);
  };
const none: Apply = () => {};

function pattern(schema: JsonSchema, [source, modifiers]: readonly unknown[]): void {
  const regex =
    source instanceof RegExp
      ? source
      : new RegExp(String(source), typeof modifiers === "string" ? modifiers : "");
  // JSON Schema patterns have no flags: one with flags (other than u) would document another language.
  if (/^u?$/.test(regex.flags)) schema.pattern = regex.source;
}

// class-validator's IsEnum accepts every value of the enum object, reverse-mapped names included.
function enumValues(schema: JsonSchema, [entity]: readonly unknown[]): void {
  if (entity && typeof entity === "object") schema.enum = [...new Set(Object.values(entity))];
}

function ipVersion(schema: JsonSchema, [version]: readonly unknown[]): void {
  if (String(version) === "4") schema.format = "ipv4";
  if (String(version) === "6") schema.format = "ipv6";
}

// `@IsFile`: documented as core documents a file (the size as maxLength, media types as contentMediaType).
function fileKeywords(schema: JsonSchema, [limits]: readonly unknown[]): void {
  schema.type = "string";
  schema.format = "binary";
  const { maxSize, mimeTypes } = (limits ?? {}) as { maxSize?: number; mimeTypes?: string[] };
  if (typeof maxSize === "number") schema.maxLength = maxSize;
  if (mimeTypes?.length === 1) schema.contentMediaType = mimeTypes[0];
  else if (mimeTypes && mimeTypes.length > 1) {
    schema.anyOf = mimeTypes.map((type) => ({ contentMediaType: type }));
  }
}

/**
 * The class-validator decorators that say something JSON Schema can say, by metadata name, and
 * the keywords they set. Decorators not listed here are enforced but not documented.
 */
export const decoratorKeywords: Readonly<Record<string, Apply>> = {
  isString: set("type", "string"),
  isNumber: set("type", "number"),
  isInt: set("type", "integer"),
  isBoolean: set("type", "boolean"),
  isArray: set("type", "array"),
  isObject: set("type", "object"),
  minLength: typed("string", fromConstraint("minLength")),
  maxLength: typed("string", fromConstraint("maxLength")),
  isLength: typed("string", (schema, constraints) => {
    fromConstraint("minLength", 0)(schema, constraints);
    fromConstraint("maxLength", 1)(schema, constraints);
  }),
  matches: typed("string", pattern),
  isEmail: typed("string", set("format", "email")),
  isUuid: typed("string", set("format", "uuid")),
  isRFC3339: typed("string", set("format", "date-time")),
  isIso8601: typed("string", set("format", "date-time")),
  isDateString: typed("string", set("format", "date-time")),
  isUrl: typed("string", set("format", "uri")),
  isIp: typed("string", ipVersion),
  isNumberString: typed("string", none),
  isBooleanString: typed("string", none),
  min: typed("number", fromConstraint("minimum")),
  max: typed("number", fromConstraint("maximum")),
  isPositive: typed("number", set("exclusiveMinimum", 0)),
  isNegative: typed("number", set("exclusiveMaximum", 0)),
  isIn: (schema, [values]) => {
    if (Array.isArray(values)) schema.enum = [...values];
  },
  isEnum: enumValues,
  equals: fromConstraint("const"),
  isFile: fileKeywords,
  arrayMinSize: typed("array", fromConstraint("minItems")),
  arrayMaxSize: typed("array", fromConstraint("maxItems")),
  arrayNotEmpty: typed("array", (schema) => {
    schema.minItems = Math.max(Number(schema.minItems ?? 0), 1);
  }),
  arrayUnique: typed("array", (schema, [selector]) => {
    if (selector === undefined) schema.uniqueItems = true;
  }),
};

/** IsNotEmpty: for a string it means at least one character; for anything else nothing JSON Schema says simply. */
export function applyNotEmpty(schema: JsonSchema): void {
  if (schema.type === "string") schema.minLength = Math.max(Number(schema.minLength ?? 0), 1);
}
