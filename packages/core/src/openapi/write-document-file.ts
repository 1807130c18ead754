import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, extname } from "node:path";
import { TrellisConfigError } from "../errors/trellis-config-error.js";
import type { OpenApiDocument } from "./openapi-options.js";
import { type DocumentFormat, serializeDocument } from "./serialize-document.js";

const formats: Record<string, DocumentFormat> = {
  ".json": "json",
  ".yaml": "yaml",
  ".yml": "yaml",
};

/**
 * Writes the document to `path` (creating its folder), as JSON or YAML by extension. Throws
 * `TrellisConfigError` `OPENAPI_FILE_FAILED` for another extension or a failed write.
 */
export function writeDocumentFile(document: OpenApiDocument, path: string): void {
  const format = formats[extname(path).toLowerCase()];
  if (!format) {
    throw new TrellisConfigError(
      "OPENAPI_FILE_FAILED",
      `openapi.file "${path}" must end in .json, .yaml or .yml.`,
    );
  }
  try {
    const text = serializeDocument(document, format);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, text);
  } catch (error) {
    const reason =
      error instanceof TrellisConfigError
        ? error.message
        : ((error as { code?: string }).code ?? (error as Error).message);
    throw new TrellisConfigError(
      "OPENAPI_FILE_FAILED",
      `openapi.file "${path}" could not be written (${reason}).`,
      { cause: error },
    );
  }
}
