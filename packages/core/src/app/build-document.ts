import { generateDocument } from "../openapi/generate-document.js";
import type { OpenApiDocument } from "../openapi/openapi-options.js";
import { reportUndeclaredResponses } from "../openapi/undeclared-responses.js";
import type { DocumentOptions } from "./app-options.js";
import { parseDocumentOptions } from "./app-settings.js";
import { readOperations } from "./read-operations.js";

/**
 * Builds the OpenAPI document of an app without building its routes (for CI and client
 * generation). Runs the same startup checks as `createApp`; does not write `openapi.file`.
 *
 * @example
 * const document = buildDocument({ schema: zod(), controllers: [UserController] });
 * await Bun.write("openapi.json", JSON.stringify(document, null, 2));
 */
export function buildDocument(options: DocumentOptions): OpenApiDocument {
  const settings = parseDocumentOptions(options, "buildDocument");
  const { routes, registry } = readOperations(settings);
  const operations = routes.map(({ operation }) => operation);
  const document = generateDocument({ operations, registry, options: settings.openapi });
  reportUndeclaredResponses(operations, settings.openapi?.undeclaredResponses, undefined);
  return document;
}
