// Compares two JSON Schemas of one place in an API, in the direction data flows: what a client
// sends (`request`: the new schema must accept all the old one did) or what it receives
// (`response`: the new schema must promise all the old one did).

/** Follows a local `$ref` (`#/components/schemas/User`) inside its document. */
export function resolve(document, schema) {
  let current = schema;
  for (let hops = 0; current && typeof current.$ref === "string" && hops < 32; hops++) {
    const path = current.$ref.replace(/^#\//, "").split("/");
    current = path.reduce(
      (node, key) => node?.[key.replace(/~1/g, "/").replace(/~0/g, "~")],
      document,
    );
  }
  return current ?? {};
}

/** The types a schema allows ("null" for 3.0's `nullable`); undefined: any type. */
function typesOf(schema) {
  if (schema.type === undefined) return undefined;
  const types = new Set(Array.isArray(schema.type) ? schema.type : [schema.type]);
  if (schema.nullable === true) types.add("null");
  return types;
}

// Every value of `inner` is one of `outer` ("integer" is a kind of "number").
const within = (inner, outer) =>
  [...inner].every((type) => outer.has(type) || (type === "integer" && outer.has("number")));

const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);

const lower = ["minimum", "exclusiveMinimum", "minLength", "minItems", "minProperties"];
const upper = ["maximum", "exclusiveMaximum", "maxLength", "maxItems", "maxProperties"];

/**
 * The breaking differences between `before` and `after` at `where`, pushed to `found` as text.
 * `documents` are the two documents their `$ref`s point into.
 */
export function compareSchemas(
  documents,
  before,
  after,
  direction,
  where,
  found,
  seen = new Set(),
) {
  const old = resolve(documents.before, before);
  const now = resolve(documents.after, after);
  const key = `${direction} ${where} ${JSON.stringify(before)} ${JSON.stringify(after)}`;
  if (seen.has(key)) return; // a recursive schema, compared once
  seen.add(key);
  const request = direction === "request";

  const oldTypes = typesOf(old);
  const newTypes = typesOf(now);
  if (request && newTypes && (!oldTypes || !within(oldTypes, newTypes))) {
    found.push(`${where}: type narrowed from ${[...(oldTypes ?? ["any"])]} to ${[...newTypes]}`);
  }
  if (!request && oldTypes && (!newTypes || !within(newTypes, oldTypes))) {
    found.push(`${where}: type changed from ${[...oldTypes]} to ${[...(newTypes ?? ["any"])]}`);
  }

  if (Array.isArray(now.enum) || Array.isArray(old.enum)) {
    const oldValues = (old.enum ?? []).map((value) => JSON.stringify(value));
    const newValues = (now.enum ?? []).map((value) => JSON.stringify(value));
    if (request && Array.isArray(now.enum)) {
      const dropped = Array.isArray(old.enum)
        ? oldValues.filter((v) => !newValues.includes(v))
        : [];
      if (!Array.isArray(old.enum)) found.push(`${where}: enum added (${newValues.join(", ")})`);
      else if (dropped.length > 0)
        found.push(`${where}: enum values removed (${dropped.join(", ")})`);
    }
    if (!request && Array.isArray(old.enum)) {
      const added = Array.isArray(now.enum) ? newValues.filter((v) => !oldValues.includes(v)) : [];
      if (!Array.isArray(now.enum)) found.push(`${where}: enum removed`);
      else if (added.length > 0) found.push(`${where}: enum values added (${added.join(", ")})`);
    }
  }

  if (request) {
    for (const name of lower) {
      if (now[name] !== undefined && (old[name] === undefined || now[name] > old[name])) {
        found.push(`${where}: ${name} raised to ${now[name]}`);
      }
    }
    for (const name of upper) {
      if (now[name] !== undefined && (old[name] === undefined || now[name] < old[name])) {
        found.push(`${where}: ${name} lowered to ${now[name]}`);
      }
    }
    if (now.pattern !== undefined && now.pattern !== old.pattern) {
      found.push(`${where}: pattern ${old.pattern === undefined ? "added" : "changed"}`);
    }
    if (now.format !== undefined && now.format !== old.format) {
      found.push(`${where}: format ${old.format === undefined ? "added" : "changed"}`);
    }
  }

  // Object properties: a client's request may not need more; a response may not promise less.
  const oldProperties = old.properties ?? {};
  const newProperties = now.properties ?? {};
  const oldRequired = new Set(old.required ?? []);
  const newRequired = new Set(now.required ?? []);
  for (const name of newRequired) {
    if (request && !oldRequired.has(name)) found.push(`${where}: new required property ${name}`);
  }
  for (const [name, schema] of Object.entries(oldProperties)) {
    const at = `${where}/${name}`;
    if (!(name in newProperties)) {
      if (!request) found.push(`${at}: property removed`);
      else if (now.additionalProperties === false) found.push(`${at}: property no longer accepted`);
      continue;
    }
    if (!request && oldRequired.has(name) && !newRequired.has(name)) {
      found.push(`${at}: no longer always present`);
    }
    compareSchemas(documents, schema, newProperties[name], direction, at, found, seen);
  }
  if (request && now.additionalProperties === false && old.additionalProperties !== false) {
    found.push(`${where}: additional properties no longer accepted`);
  }

  if (old.items !== undefined && now.items !== undefined) {
    compareSchemas(documents, old.items, now.items, direction, `${where}/items`, found, seen);
  }
  for (const keyword of ["oneOf", "anyOf", "allOf"]) {
    const was = old[keyword];
    const is = now[keyword];
    if (!Array.isArray(was) && !Array.isArray(is)) continue;
    if (Array.isArray(was) && Array.isArray(is) && was.length === is.length) {
      for (const [index, schema] of was.entries()) {
        const at = `${where}/${keyword}/${index}`;
        compareSchemas(documents, schema, is[index], direction, at, found, seen);
      }
    } else if (!same(was, is)) {
      found.push(`${where}: ${keyword} changed`);
    }
  }
}
