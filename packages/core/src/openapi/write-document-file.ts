import { configError } from "../errors/core-config-error.js";
import { TrellisConfigError } from "../errors/trellis-config-error.js";
import type { OpenApiDocument } from "./openapi-options.js";
import { type DocumentFormat, serializeDocument } from "./serialize-document.js";

const formats: Record<string, DocumentFormat> = {
  ".json": "json",
  ".yaml": "yaml",
  ".yml": "yaml",
};

type FileSystem = typeof import("node:fs");
type Paths = typeof import("node:path");

// Loaded only when a document is written: node:fs and node:path cost every app a few hundred KiB
// of memory at import, and most apps never write the document to a file.
const builtin = <T>(name: string): T =>
  (process as unknown as { getBuiltinModule(id: string): T }).getBuiltinModule(name);

/**
 * Writes the document to `path` (creating its folder), as JSON or YAML by extension. Throws
 * `TrellisConfigError` `OPENAPI_FILE_FAILED` for another extension or a failed write.
 */
export function writeDocumentFile(document: OpenApiDocument, path: string): void {
  const paths = builtin<Paths>("node:path");
  const format = formats[paths.extname(path).toLowerCase()];
  if (!format) {
    throw configError("OPENAPI_FILE_FAILED", [path, "must end in .json, .yaml or .yml"]);
  }
  try {
    const text = serializeDocument(document, format);
    const fs = builtin<FileSystem>("node:fs");
    fs.mkdirSync(paths.dirname(path), { recursive: true });
    fs.writeFileSync(path, text);
  } catch (error) {
    const reason =
      error instanceof TrellisConfigError
        ? error.message
        : ((error as { code?: string }).code ?? (error as Error).message);
    throw configError("OPENAPI_FILE_FAILED", [path, `could not be written (${reason})`], {
      cause: error,
    });
  }
}
