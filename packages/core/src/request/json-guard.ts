/** How deep JSON bodies may nest (objects and arrays); deeper is a 400. */
export const maxJsonDepth = 64;

/**
 * Why a parsed body must be refused, or undefined when it is safe: a `__proto__` key anywhere, a
 * `constructor` key whose value has a `prototype` key (both can reach an object's prototype when
 * the value is later merged), or nesting deeper than `maxJsonDepth`. Walking the parsed value is
 * cheaper than scanning its text (and sees escaped keys); the walk stops at the depth limit, so it
 * cannot overflow the stack whatever the input.
 */
export function unsafeJson(value: unknown): string | undefined {
  return value !== null && typeof value === "object" ? walk(value, 0) : undefined;
}

// Only objects and arrays are visited: a scalar can hide nothing, so it costs no call.
function walk(value: object, depth: number): string | undefined {
  if (depth >= maxJsonDepth) return `nests deeper than ${maxJsonDepth} levels`;
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index++) {
      const item: unknown = value[index];
      if (item === null || typeof item !== "object") continue;
      const problem = walk(item, depth + 1);
      if (problem) return problem;
    }
    return undefined;
  }
  // JSON.parse objects inherit nothing enumerable: for-in sees exactly their own keys.
  for (const key in value) {
    if (key === "__proto__") return 'contains a "__proto__" key';
    const inner = (value as Record<string, unknown>)[key];
    if (inner === null || typeof inner !== "object") continue;
    if (key === "constructor" && Object.hasOwn(inner, "prototype")) {
      return 'contains a "constructor.prototype" key';
    }
    const problem = walk(inner, depth + 1);
    if (problem) return problem;
  }
  return undefined;
}

/**
 * True when `unsafeJson` would find nothing and no key or string in the value holds U+FFFD: a
 * value parsed from leniently decoded bytes is taken as it is only then (see read-body.ts), since
 * an invalid byte decodes to U+FFFD. Walks as `unsafeJson` does, with the same depth limit.
 */
export function cleanJson(value: unknown): boolean {
  if (typeof value === "string") return value.indexOf("\uFFFD") === -1;
  return value === null || typeof value !== "object" || isClean(value, 0);
}

function isClean(value: object, depth: number): boolean {
  if (depth >= maxJsonDepth) return false;
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index++) {
      const item: unknown = value[index];
      if (typeof item === "string") {
        if (item.indexOf("\uFFFD") !== -1) return false;
      } else if (item !== null && typeof item === "object" && !isClean(item, depth + 1)) {
        return false;
      }
    }
    return true;
  }
  for (const key in value) {
    if (key === "__proto__" || key.indexOf("\uFFFD") !== -1) return false;
    const inner = (value as Record<string, unknown>)[key];
    if (typeof inner === "string") {
      if (inner.indexOf("\uFFFD") !== -1) return false;
      continue;
    }
    if (inner === null || typeof inner !== "object") continue;
    if (key === "constructor" && Object.hasOwn(inner, "prototype")) return false;
    if (!isClean(inner, depth + 1)) return false;
  }
  return true;
}
