// Public API of @trellis/auth. Explicit named exports only.
export type { ApiKeyOptions } from "./api-key.js";
export { ApiKey, apiKey } from "./api-key.js";
export type {
  ApiKeyRecord,
  ApiKeyStore,
  MemoryApiKeyStore,
  MemoryApiKeyStoreOptions,
} from "./api-key-store.js";
export { generateApiKey, hashApiKey, memoryApiKeyStore } from "./api-key-store.js";
export { JwtBearer, jwtBearer } from "./jwt-bearer.js";
export type {
  AuthorizationCodeFlow,
  BearerAlgorithm,
  JwtBearerOptions,
  KeyFetch,
} from "./jwt-bearer-options.js";
export { getPrincipal, Principal, setPrincipal } from "./principal.js";
export type { OpenApiSecurityScheme } from "./security-scheme.js";
export { subjectAttribute } from "./security-scheme.js";
