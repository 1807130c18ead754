import { configError } from "../errors/core-config-error.js";
import {
  type CheckedDocument,
  checkDocument,
  type DocumentInput,
} from "../openapi/check-document.js";
import { generateCheckedDocument } from "../openapi/generate-document.js";
import type { OpenApiDocument } from "../openapi/openapi-options.js";
import type { AppVersions } from "./version-dispatch.js";
import { operationsOfVersion } from "./version-documents.js";

/** An app's OpenAPI documents: one, or one per API version. */
export interface AppDocuments {
  /** The versions, or undefined for an unversioned app. */
  readonly versions: AppVersions | undefined;
  /** A version's document (default: the default version's, or the one document). */
  document(version?: string): OpenApiDocument;
}

/**
 * Checks every document now, at startup (each version's on its own: with the header strategy one
 * method and path is in several versions), and builds each on first use.
 */
export function appDocuments(
  input: DocumentInput,
  versions: AppVersions | undefined,
): AppDocuments {
  const inputs = new Map<string, DocumentInput>();
  if (versions === undefined) inputs.set("", input);
  else {
    for (const version of versions.all) {
      inputs.set(version, { ...input, operations: operationsOfVersion(input.operations, version) });
    }
  }
  const checked = new Map<string, CheckedDocument>();
  for (const [version, each] of inputs) checked.set(version, checkDocument(each));
  const built = new Map<string, OpenApiDocument>();
  return {
    versions,
    document(version = versions?.default ?? "") {
      const each = inputs.get(version);
      if (each === undefined) {
        throw configError("INVALID_VERSION", [
          "app.document",
          `there is no API version ${JSON.stringify(version)}; versions: ${versions?.all.join(", ") ?? "none (the app is not versioned)"}`,
        ]);
      }
      let document = built.get(version);
      if (document === undefined) {
        document = generateCheckedDocument(each, checked.get(version) as CheckedDocument);
        built.set(version, document);
      }
      return document;
    },
  };
}
