// The header fields of IETF draft-ietf-httpapi-ratelimit-headers-11, as structured fields (RFC
// 9651): a policy is an Item whose value is a String naming it, with Integer parameters.

/** A structured-field String (the name is checked at startup to be printable ASCII). */
const sfString = (value: string): string => `"${value.replace(/[\\"]/g, "\\$&")}"`;

/** `RateLimit-Policy: "name";q=<quota>;w=<window seconds>`: the policy, the same on every answer. */
export const policyField = (name: string, limit: number, window: number): string =>
  `${sfString(name)};q=${limit};w=${window}`;

/** `RateLimit: "name";r=<remaining>;t=<seconds until the quota resets>`. */
export const limitField = (name: string, remaining: number, reset: number): string =>
  `${sfString(name)};r=${remaining};t=${reset}`;

/** The problem type the draft defines for a request over its quota. */
export const quotaExceededType = "https://iana.org/assignments/http-problem-types#quota-exceeded";
