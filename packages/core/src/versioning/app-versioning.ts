import type { RouteHandler } from "../http/route-handler.js";
import type { DocumentInput } from "../openapi/check-document.js";
import type { Operation } from "../operation/operation.js";
import type { OperationVersion, VersioningSettings } from "../operation/versioning-options.js";
import type { ErrorResponder } from "../pipeline/error-responder.js";
import { type AppDocuments, appDocuments } from "./app-documents.js";
import { deprecationHeaders, withDeprecation } from "./deprecation-headers.js";
import { dispatchVersions } from "./version-dispatch.js";
import { versionsOf } from "./version-documents.js";

/** What `@Version` and `@Deprecated` add to an app, made once by `createApp`. */
export interface AppVersioning {
  /** The app's documents: one per version, or the one. */
  readonly documents: AppDocuments;
  /** A route's handler with its deprecation headers (when deprecated). */
  handler(operation: Operation, handler: RouteHandler): RouteHandler;
  /** The router entries, each header-versioned method and path made one dispatching entry. */
  entries<E extends { method: string; shape: string; handler: RouteHandler }>(entries: E[]): E[];
}

/** Reads the versions and deprecations of an app's operations, at startup. */
export function appVersioning(
  input: DocumentInput,
  settings: VersioningSettings | undefined,
  respondError: ErrorResponder,
): AppVersioning {
  const versions = versionsOf(input.operations, settings);
  const documents = appDocuments(input, versions);
  // The deprecation date of routes that declare none (see deprecationHeaders).
  const startedAt = new Date();
  const byHeader = new Map<RouteHandler, OperationVersion>();
  return {
    documents,
    handler(operation, handler) {
      const wrapped =
        operation.deprecation === undefined
          ? handler
          : withDeprecation(handler, deprecationHeaders(operation.deprecation, startedAt));
      if (operation.version?.header !== undefined) byHeader.set(wrapped, operation.version);
      return wrapped;
    },
    entries(entries) {
      const header = settings?.header;
      if (header === undefined || versions === undefined || byHeader.size === 0) return entries;
      return dispatchVersions(
        entries,
        (entry) => byHeader.get(entry.handler),
        header,
        versions,
        respondError,
      );
    },
  };
}
