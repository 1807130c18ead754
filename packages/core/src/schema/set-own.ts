/**
 * Sets `record[key]` as an own, enumerable property. Plain assignment would treat a key named
 * "__proto__" (a property a schema may well declare) as the prototype instead.
 */
export function setOwn(record: Record<string, unknown>, key: string, value: unknown): void {
  if (key === "__proto__") {
    Object.defineProperty(record, key, {
      value,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  } else {
    record[key] = value;
  }
}
