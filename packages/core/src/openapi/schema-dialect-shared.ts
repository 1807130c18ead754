// Helpers both dialect conversions use. None of them recurses: each dialect's walk stays in its own
// module, where it calls itself directly.

/** A schema node that is an object (not a boolean schema, an array or a scalar). */
export type SchemaObject = Record<string, unknown>;

export const isObject = (value: unknown): value is SchemaObject =>
  value !== null && typeof value === "object" && !Array.isArray(value);

// Data keywords (default, example, enum...) are copied so the document never shares the adapter's.
export const copy = <T>(value: T): T =>
  value === null || typeof value !== "object" ? value : structuredClone(value);

/** `allOf` members must not forbid the properties their siblings add. */
export function openMembers(members: SchemaObject[]): SchemaObject[] {
  return members.map((member) => {
    if (member.additionalProperties !== false) return member;
    const { additionalProperties: _dropped, ...rest } = member;
    return rest;
  });
}
