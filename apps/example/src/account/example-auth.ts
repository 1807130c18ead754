import { apiKey, hashApiKey, jwtBearer, memoryApiKeyStore } from "@trellis/auth";

/** How the example authenticates: its identity provider, and the API keys it accepts. */
export interface ExampleAuthOptions {
  /** The identity provider (`AUTH_ISSUER`; default the local one of `bun run issuer`). */
  readonly issuer?: string | undefined;
  /** The audience tokens must name (`AUTH_AUDIENCE`; default `http://localhost:3000`). */
  readonly audience?: string | undefined;
  /** API keys by owner (`API_KEYS=owner:key,...`), kept hashed; each grants `users:read`. */
  readonly apiKeys?: Readonly<Record<string, string>> | undefined;
}

/** The local identity provider `bun run issuer` starts (`src/dev-issuer.ts`). */
export const devIssuer = "http://127.0.0.1:8400";
export const defaultAudience = "http://localhost:3000";

/** The two schemes' checks, with their OpenAPI declarations, for `createApp`. */
export function exampleAuth(options: ExampleAuthOptions = {}) {
  const issuer = options.issuer ?? devIssuer;
  const bearer = jwtBearer({
    issuer,
    audience: options.audience ?? defaultAudience,
    // Documented as the authorization-code flow: Swagger UI's Authorize dialog offers the scope.
    authorizationCode: {
      authorizationUrl: `${issuer}/auth`,
      tokenUrl: `${issuer}/token`,
      scopes: { "users:read": "Read who you are" },
    },
  });
  const store = memoryApiKeyStore({
    records: Object.entries(options.apiKeys ?? {}).map(([subject, key]) => ({
      id: `${subject}-env`,
      hash: hashApiKey(key),
      subject,
      scopes: ["users:read"],
    })),
  });
  const key = apiKey({ in: "header", name: "x-api-key", store });
  return {
    securitySchemes: { bearer: bearer.scheme, key: key.scheme },
    security: { bearer, key },
  };
}
