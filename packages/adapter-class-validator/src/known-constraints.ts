import {
  equals,
  isEmail,
  isEnum,
  isIn,
  isRFC3339,
  isUUID,
  length,
  matches,
  maxLength,
  minLength,
} from "class-validator";

/**
 * One built-in constraint as the compiled checks write it: a JavaScript expression over a value
 * (`value` names its variable) and one binding (`binding` names it: a bound, or a function). It
 * answers true only where the constraint's own validator does (the probes check that at startup).
 */
export interface KnownCheck {
  readonly expression: (value: string, binding: string) => string;
  readonly binding: unknown;
}

type Constraints = readonly unknown[];
type Known = (constraints: Constraints) => KnownCheck | undefined;

/**
 * Characters validator.js's `isLength` does not count one for one (variation selectors and the
 * high half of a surrogate pair): without any of them, a string's length is `.length`.
 */
export const uncountedCharacter = /[\uD800-\uDBFF]|\uFE0E|\uFE0F/;

/**
 * Addresses of the plainest kind (ASCII dot-atoms of letters, digits, `_`, `+`, `-`, at most 64
 * before the `@`; a host of letter-digit-hyphen labels of at most 63, not starting or ending with
 * a hyphen, and a TLD of letters), a subset of what validator.js's `isEmail` accepts with its
 * default options when the whole is at most 254 long: one test instead of its splits and
 * `encodeURI` byte counts. Anything else is left to `isEmail` itself.
 */
export const plainEmail =
  /^(?=[^@]{1,64}@)[A-Za-z0-9_+-]+(?:\.[A-Za-z0-9_+-]+)*@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,63}$/;

const isBound = (value: unknown): value is number =>
  typeof value === "number" && !Number.isNaN(value);

/** A check that calls the standalone function the decorator itself calls. */
const calling = (call: (value: unknown) => boolean): KnownCheck => ({
  expression: (value, binding) => `${binding}(${value})`,
  binding: call,
});

const always =
  (expression: (value: string) => string): Known =>
  () => ({ expression, binding: undefined });

const compared =
  (operator: string, read: (value: string) => string, guard: string): Known =>
  ([bound]) =>
    isBound(bound)
      ? {
          expression: (value, binding) =>
            `(${guard.replaceAll("$", value)} && ${read(value)} ${operator} ${binding})`,
          binding: bound,
        }
      : undefined;

/**
 * Length, MinLength, MaxLength: `.length` within the bounds when no character counts otherwise;
 * with such a character, the decorator's own function decides.
 */
function lengthCheck(min: unknown, max: unknown, exact: (value: unknown) => boolean) {
  if (!(min === undefined || isBound(min)) || !(max === undefined || isBound(max)))
    return undefined;
  const low = min || 0;
  const high = max ?? Number.POSITIVE_INFINITY;
  return {
    expression: (value: string, binding: string) =>
      `(typeof ${value} === "string" && (${binding}.uncounted.test(${value}) ? ${binding}.exact(${value}) : ${value}.length >= ${binding}.low && ${value}.length <= ${binding}.high))`,
    binding: { uncounted: uncountedCharacter, exact, low, high },
  };
}

/**
 * The built-in constraints the compiled checks know, by their metadata name. A decorator not
 * listed here (or with constraints of another kind) keeps the model on the general path.
 */
const known: Readonly<Record<string, Known>> = {
  isString: always((v) => `typeof ${v} === "string"`),
  // IsInt here also refuses unsafe integers (see safe-integers.ts).
  isInt: always((v) => `Number.isSafeInteger(${v})`),
  isBoolean: always((v) => `typeof ${v} === "boolean"`),
  isArray: always((v) => `Array.isArray(${v})`),
  isObject: always((v) => `(typeof ${v} === "object" && ${v} !== null && !Array.isArray(${v}))`),
  isDefined: always((v) => `(${v} !== undefined && ${v} !== null)`),
  isNotEmpty: always((v) => `(${v} !== "" && ${v} !== null && ${v} !== undefined)`),
  isNumber: ([options]) => {
    const { allowNaN, allowInfinity, maxDecimalPlaces } = (options ?? {}) as Record<
      string,
      unknown
    >;
    if (allowNaN || allowInfinity || maxDecimalPlaces !== undefined) return undefined;
    return { expression: (v) => `Number.isFinite(${v})`, binding: undefined };
  },
  min: compared(">=", (v) => v, 'typeof $ === "number"'),
  max: compared("<=", (v) => v, 'typeof $ === "number"'),
  arrayMinSize: compared(">=", (v) => `${v}.length`, "Array.isArray($)"),
  arrayMaxSize: compared("<=", (v) => `${v}.length`, "Array.isArray($)"),
  minLength: ([min]) => lengthCheck(min, undefined, (value) => minLength(value, min as number)),
  maxLength: ([max]) => lengthCheck(0, max, (value) => maxLength(value, max as number)),
  isLength: ([min, max]) =>
    lengthCheck(min, max, (value) => length(value, min as number, max as number)),
  equals: ([comparison]) => calling((value) => equals(value, comparison)),
  isIn: ([values]) => calling((value) => isIn(value, values as unknown[])),
  isEnum: ([entity]) => calling((value) => isEnum(value, entity)),
  isEmail: ([options]) =>
    options === undefined
      ? {
          expression: (value, binding) =>
            `(typeof ${value} === "string" && ((${value}.length <= 254 && ${binding}.plain.test(${value})) || ${binding}.exact(${value})))`,
          binding: { plain: plainEmail, exact: (value: unknown) => isEmail(value) },
        }
      : calling((value) => isEmail(value, options as never)),
  matches: ([pattern, modifiers]) =>
    calling((value) => matches(value as string, pattern as never, modifiers as never)),
  isUuid: ([version]) => calling((value) => isUUID(value, version as never)),
  isRFC3339: () => calling((value) => typeof value === "string" && isRFC3339(value)),
};

/** The compiled form of a built-in constraint, by metadata name; undefined for any other. */
export function knownCheck(name: string | undefined, constraints: Constraints | undefined) {
  if (name === undefined || !Object.hasOwn(known, name)) return undefined;
  return (known[name] as Known)(constraints ?? []);
}
