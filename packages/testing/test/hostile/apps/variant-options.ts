import { type App, type ControllerClass, createApp, type Logger } from "@trellis/core";
import type { SchemaAdapter } from "@trellis/core/extend";
import { usersProviders } from "./users-service.js";

/** How a test builds an adapter variant of the users API. */
export interface VariantOptions {
  /** Where unexpected errors go (tests record them). */
  readonly logger: Logger;
  /** The OpenAPI dialect served at `/docs/openapi.json` (default 3.0). */
  readonly openapiVersion?: "3.0" | "3.1";
}

/**
 * The users API of one adapter variant: the variant's controller, written with its library, on a
 * fresh in-memory database (closed by `close`), with Swagger UI and the document served.
 */
export function createUsersVariant(
  schema: SchemaAdapter,
  controller: ControllerClass,
  options: VariantOptions,
): App {
  const { providers, close } = usersProviders();
  const app = createApp({
    schema,
    controllers: [controller],
    providers,
    docs: { swagger: true },
    logger: options.logger,
    openapi: { version: options.openapiVersion, service: { name: "users", version: "1.0.0" } },
  });
  // Closing the app also closes this variant's database, after its own shutdown hooks.
  return {
    ...app,
    close: async (closeOptions) => {
      await app.close(closeOptions);
      close();
    },
  };
}
