import type { DocsOptions } from "../docs/resolve-docs-plugin.js";
import type { ErrorFormatter } from "../errors/error-formatter.js";
import type { OpenApiOptions } from "../openapi/openapi-options.js";
import type { SchemaAdapter } from "../schema/schema-adapter.js";
import type { Logger } from "./logger.js";

/** A controller class (normally a subclass of `Controller`). */
export type ControllerClass = abstract new (...args: never[]) => unknown;

/** The options of `buildDocument`: what the document is built from. */
export interface DocumentOptions {
  /** The schema adapter (`classValidator()`, `typebox()`, `zod()`, `valibot()`). */
  readonly schema: SchemaAdapter;
  /** Controller classes whose routes are served and documented. */
  readonly controllers: readonly ControllerClass[];
  /** OpenAPI document options (`service`, `version`, `servers`, `securitySchemes`, `file`). */
  readonly openapi?: OpenApiOptions;
  /** Request limits. */
  readonly limits?: {
    /** Maximum request body in bytes (default 1 MiB); per route with `@BodyLimit`. */
    readonly body?: number;
  };
}

/** The options of `createApp`. */
export interface AppOptions extends DocumentOptions {
  /** Documentation serving (`{ swagger: true }` serves Swagger UI at `/docs`). */
  readonly docs?: DocsOptions;
  /** Reshapes every error response. */
  readonly errorFormatter?: ErrorFormatter;
  /** Where unexpected errors are reported (default: the console). */
  readonly logger?: Logger;
}

/** The default `limits.body`: 1 MiB. */
export const defaultBodyLimit = 1024 * 1024;
