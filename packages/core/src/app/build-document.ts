import type { OpenApiDocument } from "../openapi/openapi-options.js";
import { reportUndeclaredResponses } from "../openapi/undeclared-responses.js";
import { appDocuments } from "../versioning/app-documents.js";
import { versionsOf } from "../versioning/version-documents.js";
import type { DocumentOptions } from "./app-options.js";
import { parseDocumentOptions } from "./app-settings.js";
import { readOperations } from "./read-operations.js";

/**
 * Builds the OpenAPI document of an app without building its routes (for CI and client
 * generation). Runs the same startup checks as `createApp`; does not write `openapi.file`. For an
 * app with API versions, the default version's document, or `{ version }`'s.
 *
 * @example
 * const document = buildDocument({ schema: zod(), controllers: [UserController] });
 * await Bun.write("openapi.json", JSON.stringify(document, null, 2));
 */
export function buildDocument(
  options: DocumentOptions,
  select?: { readonly version?: string },
): OpenApiDocument {
  const settings = parseDocumentOptions(options, "buildDocument");
  const { routes, registry } = readOperations(settings);
  const operations = routes.map(({ operation }) => operation);
  const documents = appDocuments(
    { operations, registry, options: settings.openapi },
    versionsOf(operations, settings.versioning),
  );
  const document = documents.document(select?.version);
  reportUndeclaredResponses(operations, settings.openapi?.undeclaredResponses, undefined);
  return document;
}
