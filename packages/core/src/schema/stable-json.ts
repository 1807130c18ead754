/** JSON with object keys sorted, so two structurally equal schemas give the same string. */
export function stableJson(value: unknown): string {
  return JSON.stringify(value, (_key, inner) => {
    if (inner === null || typeof inner !== "object" || Array.isArray(inner)) return inner;
    const sorted: Record<string, unknown> = {};
    for (const key of Object.keys(inner).sort())
      sorted[key] = (inner as Record<string, unknown>)[key];
    return sorted;
  });
}
