/** The scopes a set of claims grants: `scope` (space-separated, RFC 8693/9068) or `scp` (array or string). */
export function grantedScopes(claims: Readonly<Record<string, unknown>>): readonly string[] {
  const found: string[] = [];
  for (const value of [claims.scope, claims.scp]) {
    if (typeof value === "string") found.push(...value.split(" ").filter(Boolean));
    else if (Array.isArray(value)) {
      for (const item of value) if (typeof item === "string" && item !== "") found.push(item);
    }
  }
  return found;
}

/** The required scopes not granted, in the requirement's order. */
export function missingScopes(
  required: readonly string[],
  granted: readonly string[],
): readonly string[] {
  if (required.length === 0) return required;
  return required.filter((scope) => !granted.includes(scope));
}
