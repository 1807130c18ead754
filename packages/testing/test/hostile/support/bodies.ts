let counter = 0;

/** A valid create-user body with an e-mail no other call returns. */
export function freshUser(): { name: string; email: string } {
  counter += 1;
  return {
    name: `Hostile ${counter}`,
    email: `hostile-${counter}-${crypto.randomUUID().slice(0, 8)}@example.com`,
  };
}

/**
 * JSON text nesting `levels` containers deep, the root object included: a valid user whose extra
 * property `deep` holds arrays nested `levels - 1` deep.
 */
export function nestedUserJson(levels: number): string {
  const user = freshUser();
  const inner = "[".repeat(levels - 1) + "]".repeat(levels - 1);
  return `{"name":${JSON.stringify(user.name)},"email":${JSON.stringify(user.email)},"deep":${inner}}`;
}

/** Posts `body` (sent as is) with the given headers (JSON content type unless told otherwise). */
export function postRaw(
  origin: string,
  path: string,
  body: RequestInit["body"],
  headers: Record<string, string> = { "content-type": "application/json" },
): Promise<Response> {
  return fetch(`${origin}${path}`, { method: "POST", headers, body });
}
