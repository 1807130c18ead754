import { getPrincipal } from "@trellis/core";

/**
 * The default scope of a key: whose request it is. The authenticated principal when a scheme
 * check recorded one (any scheme: a bearer token, an API key, a check of your own that calls
 * `setPrincipal`); else the `Authorization` header (a credential whose check records no
 * principal); else, on a public route, the client's address. Each kind is tagged, so a subject
 * can never collide with an address.
 */
export function callerScope(
  addressOf: (request: Request) => string | undefined,
): (request: Request) => string | undefined {
  return (request) => {
    const principal = getPrincipal(request);
    if (principal !== undefined) {
      return `principal\n${principal.via}\n${principal.issuer ?? ""}\n${principal.subject}`;
    }
    const authorization = request.headers.get("authorization");
    if (authorization !== null) return `authorization\n${authorization}`;
    const address = addressOf(request);
    return address === undefined ? undefined : `address\n${address}`;
  };
}
