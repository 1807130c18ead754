// Public API of @trellis/auth/testing: an identity provider for your own tests.
export type { TestIssuer, TestIssuerOptions, TestTokenClaims } from "./test-issuer.js";
export { startTestIssuer } from "./test-issuer.js";
