// Inputs for the fuzz suite: schema-valid (json-schema-faker), near misses (one mutation of a
// valid input) and arbitrary values (fast-check), mixed.
import fc from "fast-check";
import { generateSync } from "json-schema-faker";
import type { DocumentOracle, ParameterObject } from "./document-oracle.js";
import type { Json } from "./openapi-to-json-schema.js";

/** A schema-valid value, generated from a seed fast-check chooses (so runs replay). */
export function validValue(oracle: DocumentOracle, schema: Json): fc.Arbitrary<unknown> {
  const inlined = oracle.inline(schema) as Parameters<typeof generateSync>[0];
  return fc
    .tuple(fc.integer({ min: 1, max: 2 ** 31 - 1 }), fc.double({ min: 0, max: 1, noNaN: true }))
    .map(([seed, optionals]) =>
      generateSync(inlined, { seed, optionalsProbability: optionals, maxItems: 8 }),
    );
}

// Replacement values for one node: each wrong for a string, an e-mail, an object or an array, or
// (for extra properties) harmless. E-mails are only broken in ways every library and Ajv agree on.
const replacements: readonly unknown[] = [
  null,
  0,
  -1,
  1.5,
  true,
  "",
  " ",
  [],
  {},
  [{}],
  "x".repeat(300),
  "no-at-sign",
  "ada@@example.com",
  "ada lovelace@example.com",
  "@example.com",
  "ada@",
  "ada@example",
  { name: "Ada" },
  ["ada@example.com"],
];
const extraKeys = [
  "extra",
  "id",
  "role",
  "isAdmin",
  "users",
  "name",
  "email",
  "__proto__",
  "constructor",
  "prototype",
];
const extraValues: readonly unknown[] = [
  "x",
  1,
  null,
  { prototype: { polluted: true } },
  { polluted: true },
  [],
];

type Container = Record<string, unknown> | unknown[];

/** Every object and array inside `value` (the root included), in a fixed order. */
function containers(value: unknown, into: Container[] = []): Container[] {
  if (value !== null && typeof value === "object") {
    into.push(value as Container);
    for (const inner of Object.values(value)) containers(inner, into);
  }
  return into;
}

const pick = <T>(items: readonly T[], choice: number): T => items[choice % items.length] as T;

/** One mutation of a JSON value (a deep copy), or of its text; returns the body text. */
function mutate(value: unknown, kind: number, a: number, b: number): string {
  const copy = JSON.parse(JSON.stringify(value ?? null)) as unknown;
  const nodes = containers(copy);
  const node = nodes.length > 0 ? pick(nodes, a) : undefined;
  const keys = node ? Object.keys(node) : [];
  const text = JSON.stringify(copy);
  switch (kind % 9) {
    case 0: // remove a property or an item
      if (node && keys.length > 0) {
        if (Array.isArray(node)) node.splice(a % node.length, 1);
        else delete node[pick(keys, b)];
      }
      return JSON.stringify(copy);
    case 1: // replace one value
      if (!node || keys.length === 0) return JSON.stringify(pick(replacements, b));
      (node as Record<string, unknown>)[pick(keys, b)] = pick(replacements, a + b);
      return JSON.stringify(copy);
    case 2: {
      // add a property: unknown (stripped), or a prototype key (refused). Written into the text:
      // an object literal cannot hold an own "__proto__" key.
      const key = JSON.stringify(pick(extraKeys, a));
      const inner = JSON.stringify(pick(extraValues, b));
      const at = b % 2 === 0 ? text.indexOf("{") : text.indexOf("[{") + 1; // the root, or an item
      if (at < 0 || text[at] !== "{") return `{${key}:${inner},"value":${text}}`;
      const separator = text[at + 1] === "}" ? "" : ",";
      return `${text.slice(0, at + 1)}${key}:${inner}${separator}${text.slice(at + 1)}`;
    }
    case 3: // the whole body in an array, or null, where an object is expected
      return b % 2 === 0 ? `[${text}]` : "null";
    case 4: // arrays emptied, or grown past their limits
      for (const each of nodes) {
        if (!Array.isArray(each) || each.length === 0) continue;
        if (b % 2 === 0) each.length = 0;
        else while (each.length <= 100) each.push(each[0]);
      }
      return JSON.stringify(copy);
    case 5: // malformed: truncated
      return text.slice(0, Math.max(0, text.length - 1 - (a % Math.max(1, text.length))));
    case 6: // malformed: one character inserted
      return `${text.slice(0, a % (text.length + 1))}${pick(["{", "]", ",", '"', "\\", ":", "'", "\u0000"], b)}${text.slice(a % (text.length + 1))}`;
    case 7: // nested too deep (or just deep enough)
      return `{"deep":${"[".repeat(60 + (a % 10))}${"]".repeat(60 + (a % 10))},${text.startsWith("{") && text !== "{}" ? text.slice(1) : '"x":1}'}`;
    default: // a value of another JSON type
      return JSON.stringify(pick([42, "text", true, [copy], { wrapped: copy }], a));
  }
}

/** A near miss: one mutation of a schema-valid value (the result may still be valid). */
export function nearMissBody(valid: fc.Arbitrary<unknown>): fc.Arbitrary<string> {
  return fc
    .tuple(valid, fc.nat(), fc.nat(), fc.nat())
    .map(([value, kind, a, b]) => mutate(value, kind, a, b));
}

const stringify = (value: unknown): string => {
  try {
    return JSON.stringify(value) ?? "";
  } catch {
    return String(value); // BigInt and friends: not JSON, which is the point
  }
};

/** Anything at all: JSON values, arbitrary JS values serialized, random text. */
export function arbitraryBody(): fc.Arbitrary<string> {
  return fc.oneof(
    fc.jsonValue().map((value) => JSON.stringify(value)),
    fc.anything().map(stringify),
    fc.string({ unit: "binary", maxLength: 200 }),
    fc.constantFrom(
      "",
      " ",
      "null",
      "[]",
      "{}",
      "{",
      '{"name":"A","email":"a@example.com"',
      "\uFEFF{}",
    ),
  );
}

/** The mix every body operation gets: valid, near miss and arbitrary, about a third each. */
export function bodyText(oracle: DocumentOracle, schema: Json): fc.Arbitrary<string> {
  const valid = validValue(oracle, schema);
  return fc.oneof(
    { arbitrary: valid.map((value) => JSON.stringify(value)), weight: 3 },
    { arbitrary: nearMissBody(valid), weight: 4 },
    { arbitrary: arbitraryBody(), weight: 3 },
  );
}

// Text a client might put where an integer is expected: the grammar's edge cases and worse.
const numberTexts = [
  "",
  " 1",
  "1 ",
  "0x10",
  "1e3",
  "1.5",
  "NaN",
  "Infinity",
  "-Infinity",
  "9007199254740993",
  "+1",
  "01",
  "-0",
  "0",
  "-1",
  "100",
  "101",
  "1.0",
  "１",
  "true",
  "null",
];

/** A query string for these documented parameters: valid (faker), near misses and arbitrary pairs. */
export function queryString(
  oracle: DocumentOracle,
  parameters: readonly ParameterObject[],
): fc.Arbitrary<string> {
  const query = parameters.filter((parameter) => parameter.in === "query");
  const names = query.map((parameter) => parameter.name);
  const objectSchema: Json = {
    type: "object",
    properties: Object.fromEntries(query.map((parameter) => [parameter.name, parameter.schema])),
    required: query.filter((parameter) => parameter.required).map((parameter) => parameter.name),
  };
  const valid = validValue(oracle, objectSchema).map((value) =>
    Object.entries((value ?? {}) as Record<string, unknown>).map(
      ([key, inner]) => [key, String(inner)] as [string, string],
    ),
  );
  const key =
    names.length > 0
      ? fc.oneof(fc.constantFrom(...names), fc.string({ maxLength: 8 }))
      : fc.string({ maxLength: 8 });
  const value = fc.oneof(
    fc.constantFrom(...numberTexts),
    fc.integer().map(String),
    fc.double().map(String),
    fc.string({ unit: "binary", maxLength: 20 }),
  );
  const pairs = fc.oneof(
    { arbitrary: valid, weight: 3 },
    {
      arbitrary: fc
        .tuple(valid, fc.array(fc.tuple(key, value), { maxLength: 3 }))
        .map(([base, extra]) => [...base, ...extra]),
      weight: 4,
    },
    { arbitrary: fc.array(fc.tuple(key, value), { maxLength: 5 }), weight: 3 },
  );
  return fc.oneof(
    { arbitrary: pairs.map((list) => new URLSearchParams(list).toString()), weight: 9 },
    // Raw text, not encoded by us: bad escapes, "&&", "=" runs, "+" for spaces.
    { arbitrary: fc.string({ maxLength: 30 }).map((raw) => raw.replaceAll("#", "%23")), weight: 1 },
  );
}

/** A raw path segment: known ids, UUIDs, encoded random text, bad escapes and NULs. */
export function pathSegment(knownIds: readonly string[]): fc.Arbitrary<string> {
  return fc.oneof(
    fc.constantFrom(...knownIds),
    fc.uuid(),
    fc.string({ unit: "binary", minLength: 1, maxLength: 40 }).map(encodeURIComponent),
    fc.string({ minLength: 1, maxLength: 20 }).map((raw) => raw.replace(/[/?#\\\s]/g, "_")),
    fc
      .tuple(
        fc.string({ maxLength: 5 }),
        fc.constantFrom("%", "%Z", "%ZZ", "%00", "%FF", "%C0%AF", "%E0%A4%A", "%ED%A0%80"),
      )
      .map(([prefix, bad]) => `${encodeURIComponent(prefix)}${bad}`),
  );
}
