// A local identity provider for trying the example's protected route: `bun run issuer`. It serves
// discovery and a JWKS on http://127.0.0.1:8400 (the example's default AUTH_ISSUER) and prints a
// token for `ada` with the users:read scope, valid for an hour. Not for production: it
// authenticates nobody.
import { startTestIssuer } from "@trellis/auth/testing";
import { defaultAudience, devIssuer } from "./account/example-auth.js";

const issuer = await startTestIssuer({
  audience: process.env.AUTH_AUDIENCE || defaultAudience,
  port: Number(new URL(devIssuer).port),
});
const token = await issuer.issueToken({ sub: "ada", scope: "users:read", expiresIn: 3600 });
console.log(`Identity provider: ${issuer.issuer} (audience ${issuer.audience})`);
console.log(`curl -H "authorization: Bearer ${token}" http://localhost:3000/me`);
