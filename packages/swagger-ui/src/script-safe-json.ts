const unsafe = /[<>&\u2028\u2029]/g;
const escapes: Record<string, string> = {
  "<": "\\u003c",
  ">": "\\u003e",
  "&": "\\u0026",
  "\u2028": "\\u2028",
  "\u2029": "\\u2029",
};

/**
 * JSON text that is also safe to place inside JavaScript and HTML `<script>` source: `<`, `>` and
 * `&` cannot close a tag or open a comment, and U+2028/U+2029 cannot end a line in older engines.
 * Only values JSON can carry are accepted; a function or a cycle would silently vanish or change,
 * so they are refused with the option path that holds them.
 */
export function scriptSafeJson(value: unknown, name: string): string {
  assertJsonValue(value, name, new Set());
  return JSON.stringify(value).replace(unsafe, (char) => escapes[char] ?? char);
}

function assertJsonValue(value: unknown, path: string, seen: Set<object>): void {
  if (value === null || typeof value === "string" || typeof value === "boolean") return;
  if (typeof value === "number") {
    if (Number.isFinite(value)) return;
    throw new TypeError(`@trellis/swagger-ui: ${path} must be a finite number (got ${value}).`);
  }
  if (typeof value !== "object") {
    throw new TypeError(
      `@trellis/swagger-ui: ${path} is a ${typeof value}; only JSON values (strings, numbers, booleans, null, arrays, plain objects) can be passed to Swagger UI.`,
    );
  }
  if (seen.has(value)) throw new TypeError(`@trellis/swagger-ui: ${path} contains a cycle.`);
  seen.add(value);
  if (Array.isArray(value)) {
    value.forEach((item, index) => {
      assertJsonValue(item, `${path}[${index}]`, seen);
    });
  } else {
    const prototype = Object.getPrototypeOf(value);
    if (prototype !== Object.prototype && prototype !== null) {
      throw new TypeError(`@trellis/swagger-ui: ${path} must be a plain object or an array.`);
    }
    for (const [key, item] of Object.entries(value)) {
      if (item !== undefined) assertJsonValue(item, `${path}.${key}`, seen);
    }
  }
  seen.delete(value);
}
