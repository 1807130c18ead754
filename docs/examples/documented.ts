import type { OpenApiOptions } from "@trellis/core";

/**
 * The document options the guides' examples share beside their own name and description: whom to
 * contact, the license, where the API is served, and that operations are public unless they say
 * otherwise (`security: []`). Strict linters ask for each of them.
 */
export function documented(name: string, description: string): OpenApiOptions {
  return {
    service: { name, version: "1.0.0", description },
    info: {
      contact: { name: "API support", url: "https://github.com/trellis-framework/trellis" },
      license: { name: "MIT", url: "https://opensource.org/licenses/MIT" },
    },
    servers: [{ url: "/", description: "The server that serves this document" }],
    security: [],
  };
}
