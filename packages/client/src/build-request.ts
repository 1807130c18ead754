import type { ManifestOperation } from "./manifest.js";

type Scalar = string | number | boolean | bigint;

/** Each value of a query, form or header: arrays give one entry per item, undefined none. */
function entries(value: unknown): string[] {
  if (value === undefined || value === null) return [];
  if (Array.isArray(value)) return value.flatMap(entries);
  if (value instanceof Date) return [value.toISOString()];
  return [String(value as Scalar)];
}

/** The named values of one argument: `{ name: value }` for a named binding, the object itself for a whole location. */
function named(name: string | undefined, value: unknown): [string, unknown][] {
  if (name !== undefined) return [[name, value]];
  if (value === undefined || value === null) return [];
  return Object.entries(value as Record<string, unknown>);
}

function formBody(value: unknown, contentType: string): NonNullable<RequestInit["body"]> {
  if (contentType === "multipart/form-data" && value instanceof FormData) return value; // as built
  const fields = named(undefined, value);
  if (contentType === "multipart/form-data") {
    const form = new FormData();
    for (const [key, field] of fields) {
      for (const item of Array.isArray(field) ? field : [field]) {
        if (item instanceof Blob) form.append(key, item);
        else for (const text of entries(item)) form.append(key, text);
      }
    }
    return form;
  }
  const form = new URLSearchParams();
  for (const [key, field] of fields) for (const text of entries(field)) form.append(key, text);
  return form;
}

/** The fetch request one call makes: each argument put where the handler's decorator reads it. */
export function buildRequest(
  baseUrl: string,
  operation: ManifestOperation,
  args: readonly unknown[],
  defaults: Headers,
): Request {
  const path: Record<string, string> = {};
  const query = new URLSearchParams();
  const headers = new Headers(defaults);
  const cookies: string[] = [];
  let body: NonNullable<RequestInit["body"]> | undefined;
  operation.args.forEach((place, index) => {
    const value = args[index];
    if (place.in === "body") {
      if (value === undefined) return;
      if (place.contentType === "application/json" || place.contentType.endsWith("+json")) {
        body = JSON.stringify(value);
        headers.set("content-type", place.contentType);
      } else {
        // FormData sets its own multipart boundary; a URLSearchParams body its media type.
        body = formBody(value, place.contentType);
      }
      return;
    }
    for (const [name, item] of named(place.name, value)) {
      const texts = entries(item);
      if (place.in === "path") path[name] = texts.join(",");
      else if (place.in === "query") for (const text of texts) query.append(name, text);
      else if (place.in === "header") {
        if (texts.length > 0) headers.set(name, texts.join(", "));
      } else for (const text of texts) cookies.push(`${name}=${encodeURIComponent(text)}`);
    }
  });
  if (cookies.length > 0) headers.set("cookie", cookies.join("; "));
  const route = operation.path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const value = path[name];
    if (value === undefined)
      throw new TypeError(`${operation.operationId}: path parameter "${name}" has no value.`);
    return encodeURIComponent(value);
  });
  const search = query.size > 0 ? `?${query}` : "";
  return new Request(`${baseUrl}${route}${search}`, { method: operation.method, headers, body });
}
