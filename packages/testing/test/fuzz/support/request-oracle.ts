// What Trellis documents it does with a request, independent of its code: decides valid/invalid
// from the served document (through Ajv) plus the documented request rules of core.
import type { DocumentOracle, ParameterObject } from "./document-oracle.js";
import type { Json } from "./openapi-to-json-schema.js";

/**
 * The oracle's decision: valid (a 2xx or a documented non-400 outcome), invalid (400), or either,
 * where the adapters' libraries and Ajv are documented to disagree (e-mail edge cases).
 */
export type Decision =
  | { readonly valid: true }
  | { readonly valid: false; readonly why: string }
  | { readonly valid: "either"; readonly why: string };

const valid: Decision = { valid: true };
const invalid = (why: string): Decision => ({ valid: false, why });

/** Core's documented JSON limits: nesting depth 64; `__proto__` and `constructor.prototype` keys refused. */
export const maxJsonDepth = 64;

function unsafeJson(value: unknown, depth: number): string | undefined {
  if (value === null || typeof value !== "object") return undefined;
  if (depth >= maxJsonDepth) return "nested deeper than 64";
  const entries = Array.isArray(value)
    ? value.map((item) => ["", item] as const)
    : Object.entries(value);
  for (const [key, inner] of entries) {
    if (key === "__proto__") return "a __proto__ key";
    if (
      key === "constructor" &&
      inner !== null &&
      typeof inner === "object" &&
      Object.hasOwn(inner, "prototype")
    ) {
      return "a constructor.prototype key";
    }
    const problem = unsafeJson(inner, depth + 1);
    if (problem) return problem;
  }
  return undefined;
}

// E-mail addresses every library and Ajv accept (plain dotted atoms, a letter TLD), and the shapes
// they all refuse. Anything else (RFC 5322 specials such as "{" or "'", quoted or UTF-8 local
// parts, numeric TLDs, ...) is where the adapters' READMEs document that they differ from Ajv.
const agreedEmail =
  /^[A-Za-z0-9]+(?:[._+-][A-Za-z0-9]+)*@(?:[A-Za-z0-9]+(?:-[A-Za-z0-9]+)*\.)+[A-Za-z]{2,24}$/;
const agreedNotEmail = (text: string) => {
  const at = text.indexOf("@");
  return (
    at <= 0 || at !== text.lastIndexOf("@") || /\s/.test(text) || !text.slice(at + 1).includes(".")
  );
};
const disputedEmail = (text: string) =>
  !(agreedEmail.test(text) && text.indexOf("@") <= 64) && !agreedNotEmail(text);

/** A copy of `value` with every disputed `email` string replaced by an agreed one; undefined when none. */
function withoutDisputedEmails(value: unknown): { value: unknown; disputed: string[] } {
  const disputed: string[] = [];
  const walk = (node: unknown, key: string): unknown => {
    if (key === "email" && typeof node === "string" && disputedEmail(node)) {
      disputed.push(node);
      return "agreed@example.com";
    }
    if (Array.isArray(node)) return node.map((item) => walk(item, ""));
    if (node !== null && typeof node === "object") {
      return Object.fromEntries(
        Object.entries(node).map(([name, inner]) => [name, walk(inner, name)]),
      );
    }
    return node;
  };
  return { value: walk(value, ""), disputed };
}

/**
 * A JSON body: the text as the server decodes it (UTF-8, a leading BOM dropped, lone surrogates
 * replaced), then required, JSON, within the depth limit, free of prototype keys, and valid for
 * the documented schema.
 */
export function bodyDecision(oracle: DocumentOracle, schema: Json, text: string): Decision {
  const seen = new TextDecoder().decode(new TextEncoder().encode(text));
  if (seen.length === 0) return invalid("the body is required");
  let value: unknown;
  try {
    value = JSON.parse(seen);
  } catch {
    return invalid("not JSON");
  }
  const problem = unsafeJson(value, 0);
  if (problem) return invalid(problem);
  const { value: agreed, disputed } = withoutDisputedEmails(value);
  const { valid: ok, errors } = oracle.check(schema, agreed);
  if (!ok) return invalid(errors);
  return disputed.length === 0
    ? valid
    : { valid: "either", why: `disputed e-mail ${JSON.stringify(disputed)}` };
}

// Core's one grammar for string inputs (README, "Inputs are validated ...").
const integerGrammar = /^-?(?:0|[1-9][0-9]*)$/;
const numberGrammar = /^-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?$/;

function admittedTypes(
  schema: Json,
  oracle: DocumentOracle,
  types = new Set<string>(),
): Set<string> {
  const resolved = oracle.inline(schema);
  if (resolved === null || typeof resolved !== "object" || Array.isArray(resolved)) return types;
  const { type } = resolved;
  if (typeof type === "string") types.add(type);
  if (Array.isArray(type)) for (const each of type) types.add(String(each));
  for (const literal of [
    ...(Array.isArray(resolved.enum) ? resolved.enum : []),
    ...("const" in resolved ? [resolved.const] : []),
  ]) {
    if (typeof literal === "number") types.add(Number.isInteger(literal) ? "integer" : "number");
    if (typeof literal === "boolean") types.add("boolean");
  }
  for (const keyword of ["anyOf", "oneOf", "allOf"]) {
    const members = resolved[keyword];
    if (Array.isArray(members)) for (const member of members) admittedTypes(member, oracle, types);
  }
  return types;
}

/** A string input as core's grammar types it for this schema; a misfit stays the string. */
export function coerceText(text: string, schema: Json, oracle: DocumentOracle): unknown {
  const types = admittedTypes(schema, oracle);
  if (types.has("number") && numberGrammar.test(text) && Number.isFinite(Number(text)))
    return Number(text);
  if (
    !types.has("number") &&
    types.has("integer") &&
    integerGrammar.test(text) &&
    Number.isSafeInteger(Number(text))
  ) {
    return Number(text);
  }
  if (types.has("boolean") && (text === "true" || text === "false")) return text === "true";
  return text;
}

const isArraySchema = (schema: Json, oracle: DocumentOracle) =>
  admittedTypes(schema, oracle).has("array");

// Whether a form-encoded component's percent-encoded bytes (with its other characters) are UTF-8.
function isUtf8Component(component: string): boolean {
  const bytes: number[] = [];
  const text = component.replaceAll("+", " ");
  for (let index = 0; index < text.length; ) {
    const escaped = /^%[0-9A-Fa-f]{2}/.exec(text.slice(index, index + 3));
    if (escaped) {
      bytes.push(Number.parseInt(text.slice(index + 1, index + 3), 16));
      index += 3;
      continue;
    }
    const char = String.fromCodePoint(text.codePointAt(index) as number);
    bytes.push(...new TextEncoder().encode(char));
    index += char.length;
  }
  try {
    new TextDecoder("utf-8", { fatal: true }).decode(new Uint8Array(bytes));
    return true;
  } catch {
    return false;
  }
}

/** The documented query parameters against a query string (as the server parses it). */
export function queryDecision(
  oracle: DocumentOracle,
  parameters: readonly ParameterObject[],
  search: string,
): Decision {
  // Bytes that are not UTF-8 anywhere in the query are refused before any parameter is read.
  const parts = search
    .replace(/^\?/, "")
    .split("&")
    .flatMap((pair) => pair.split("="));
  if (!parts.every(isUtf8Component)) return invalid("the query is not UTF-8");
  const values = new Map<string, string[]>();
  for (const [key, value] of new URLSearchParams(search))
    values.set(key, [...(values.get(key) ?? []), value]);
  for (const parameter of parameters) {
    if (parameter.in !== "query") continue;
    const given = values.get(parameter.name);
    if (given === undefined) {
      if (parameter.required) return invalid(`${parameter.name} is required`);
      continue;
    }
    if (isArraySchema(parameter.schema, oracle)) {
      const items = given.map((text) =>
        coerceText(text, (oracle.inline(parameter.schema) as { items?: Json }).items ?? {}, oracle),
      );
      if (!oracle.check(parameter.schema, items).valid)
        return invalid(`${parameter.name} is invalid`);
      continue;
    }
    if (given.length > 1) return invalid(`${parameter.name} is repeated`);
    const { valid: ok, errors } = oracle.check(
      parameter.schema,
      coerceText(given[0] as string, parameter.schema, oracle),
    );
    if (!ok) return invalid(`${parameter.name}: ${errors}`);
  }
  return valid;
}

/** One raw (percent-encoded) path parameter: decodable, no NUL, typed by the grammar, valid. */
export function pathDecision(
  oracle: DocumentOracle,
  parameter: ParameterObject,
  raw: string,
): Decision {
  let decoded: string;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    return invalid("bad percent-encoding");
  }
  if (decoded.includes("\0")) return invalid("a NUL");
  const { valid: ok, errors } = oracle.check(
    parameter.schema,
    coerceText(decoded, parameter.schema, oracle),
  );
  return ok ? valid : invalid(errors);
}
