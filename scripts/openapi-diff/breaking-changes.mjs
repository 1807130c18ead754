// What a client written against one OpenAPI document can no longer do against another: removed
// operations, statuses, media types and response fields; inputs that became required; types,
// enums and bounds that accept less than before. Additions are never breaking.
import { compareSchemas, resolve } from "./schema-changes.mjs";

const methods = ["get", "put", "post", "delete", "options", "head", "patch", "trace", "query"];

// `/users/{id}` and `/users/{userId}` are one path to a client.
const pathShape = (path) => path.replace(/\{[^}]+\}/g, "{}");

/** Every operation of a document by "METHOD /path/{}", with its path item. */
function operationsOf(document) {
  const found = new Map();
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const method of methods) {
      const operation = item?.[method];
      if (operation)
        found.set(`${method.toUpperCase()} ${pathShape(path)}`, { path, item, operation });
    }
  }
  return found;
}

/**
 * An operation's parameters (the path item's, overridden by its own), by "in name"; a path
 * parameter by its position (`path #0`), so renaming `{id}` to `{userId}` changes nothing.
 */
function parametersOf(document, { path, item, operation }) {
  const positions = [...path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]);
  const found = new Map();
  for (const parameter of [...(item.parameters ?? []), ...(operation.parameters ?? [])]) {
    const resolved = resolve(document, parameter);
    const name =
      resolved.in === "header"
        ? resolved.name?.toLowerCase()
        : resolved.in === "path" && positions.includes(resolved.name)
          ? `#${positions.indexOf(resolved.name)}`
          : resolved.name;
    found.set(`${resolved.in} ${name}`, resolved);
  }
  return found;
}

const securityOf = (document, operation) => operation.security ?? document.security ?? [];
const isPublic = (requirements) =>
  requirements.length === 0 ||
  requirements.some((requirement) => Object.keys(requirement).length === 0);

function compareParameters(documents, before, after, label, found) {
  const old = parametersOf(documents.before, before);
  const now = parametersOf(documents.after, after);
  for (const [key, parameter] of now) {
    const was = old.get(key);
    const where = `${label} parameter ${key}`;
    if (parameter.required === true && was?.required !== true) {
      found.push(`${where}: new required input`);
    }
    if (was?.schema && parameter.schema) {
      compareSchemas(documents, was.schema, parameter.schema, "request", where, found);
    }
  }
}

function compareBodies(documents, before, after, label, found) {
  const old = resolve(documents.before, before.requestBody);
  const now = resolve(documents.after, after.requestBody);
  if (now.required === true && old.required !== true) {
    found.push(`${label} request body: ${old.content ? "now required" : "new required input"}`);
  }
  for (const [media, was] of Object.entries(old.content ?? {})) {
    const is = now.content?.[media];
    const where = `${label} request body (${media})`;
    if (is === undefined) found.push(`${where}: media type no longer accepted`);
    else if (was.schema && is.schema) {
      compareSchemas(documents, was.schema, is.schema, "request", where, found);
    }
  }
}

function compareResponses(documents, before, after, label, found) {
  const now = after.responses ?? {};
  for (const [status, response] of Object.entries(before.responses ?? {})) {
    const where = `${label} response ${status}`;
    const was = resolve(documents.before, response);
    const is = now[status] === undefined ? undefined : resolve(documents.after, now[status]);
    if (is === undefined) {
      // A success a client relies on; an error it merely handles may go.
      if (/^[23]/.test(status) || status === "default") found.push(`${where}: status removed`);
      continue;
    }
    for (const [media, content] of Object.entries(was.content ?? {})) {
      const same = is.content?.[media];
      if (same === undefined) found.push(`${where} (${media}): media type removed`);
      else if (content.schema && same.schema) {
        compareSchemas(
          documents,
          content.schema,
          same.schema,
          "response",
          `${where} (${media})`,
          found,
        );
      }
    }
    for (const name of Object.keys(was.headers ?? {})) {
      const present = Object.keys(is.headers ?? {}).some(
        (other) => other.toLowerCase() === name.toLowerCase(),
      );
      if (!present) found.push(`${where}: header ${name} removed`);
    }
  }
}

/**
 * The breaking changes from `before` (the committed document) to `after` (the generated one), as
 * lines of text, each naming the operation and the place. Empty: `after` is compatible.
 */
export function findBreakingChanges(before, after) {
  const documents = { before, after };
  const found = [];
  const now = operationsOf(after);
  for (const [key, old] of operationsOf(before)) {
    const label = `${key.split(" ")[0]} ${old.path}`;
    const current = now.get(key);
    if (current === undefined) {
      found.push(`${label}: operation removed`);
      continue;
    }
    if (
      isPublic(securityOf(before, old.operation)) &&
      !isPublic(securityOf(after, current.operation))
    ) {
      found.push(`${label}: now needs credentials`);
    }
    compareParameters(documents, old, current, label, found);
    compareBodies(documents, old.operation, current.operation, label, found);
    compareResponses(documents, old.operation, current.operation, label, found);
  }
  return found;
}
