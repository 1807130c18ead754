import { ForbiddenException, HttpException, UnauthorizedException } from "@trellis/core";
import { withoutStack } from "@trellis/core/extend";

// RFC 6750 §3: scope tokens and descriptions are NQCHAR / NQSCHAR: no quote, no backslash.
const quotable = (value: string) =>
  [...value].filter((char) => char >= " " && char <= "~" && char !== '"' && char !== "\\").join("");

/** 401 for a bad token: `WWW-Authenticate: Bearer error="invalid_token"` (RFC 6750 §3.1). */
export function invalidToken(description: string): HttpException {
  return withoutStack(
    () =>
      new UnauthorizedException(description, {
        headers: [
          [
            "www-authenticate",
            `Bearer error="invalid_token", error_description="${quotable(description)}"`,
          ],
        ],
      }),
  );
}

/** 403 naming the missing scopes; bearer schemes also say so in `WWW-Authenticate` (RFC 6750 §3.1). */
export function insufficientScope(missing: readonly string[], bearer: boolean): HttpException {
  const scope = quotable(missing.join(" "));
  return withoutStack(
    () =>
      new ForbiddenException(`The credential lacks the scopes ${missing.join(", ")}.`, {
        ...(bearer
          ? {
              headers: [
                ["www-authenticate", `Bearer error="insufficient_scope", scope="${scope}"`],
              ],
            }
          : {}),
        extensions: { missingScopes: missing },
      }),
  );
}

/** 503 while the issuer's keys cannot be had: no key is cached and the fetch failed or hung. */
export function keysUnavailable(retryAfterSeconds: number): HttpException {
  return withoutStack(
    () =>
      new HttpException(503, "The identity provider's signing keys cannot be fetched right now.", {
        headers: [["retry-after", String(Math.max(1, Math.ceil(retryAfterSeconds)))]],
      }),
  );
}

/** 503 while the API-key store cannot answer (its engine is away): not the key's fault. */
export function apiKeysUnavailable(): HttpException {
  return withoutStack(
    () =>
      new HttpException(503, "API keys cannot be checked right now; retry later.", {
        headers: [["retry-after", "1"]],
      }),
  );
}

/** 401 for an API key that is unknown, revoked or expired. No challenge: apiKey has none. */
export function invalidApiKey(): HttpException {
  return withoutStack(() => new UnauthorizedException("The API key is not valid."));
}
