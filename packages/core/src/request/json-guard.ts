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
