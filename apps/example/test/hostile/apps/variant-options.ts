import type { Logger } from "@trellis/core";

/** How a test builds an adapter variant of the users API. */
export interface VariantOptions {
  /** Where unexpected errors go (tests record them). */
  readonly logger: Logger;
  /** The OpenAPI dialect served at `/docs/openapi.json` (default 3.0). */
  readonly openapiVersion?: "3.0" | "3.1";
}
