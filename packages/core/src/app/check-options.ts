import { TrellisConfigError } from "../errors/trellis-config-error.js";
import { isValidLimit } from "../operation/build-operations.js";
import type { AppOptions, DocumentOptions } from "./app-options.js";
import { defaultBodyLimit } from "./app-options.js";

/** Checks the options both `createApp` and `buildDocument` read; returns the body limit. */
export function checkDocumentOptions(options: DocumentOptions | undefined, caller: string): number {
  if (options === null || typeof options !== "object") {
    throw new TrellisConfigError("MISSING_SCHEMA_ADAPTER", `${caller} needs an options object.`);
  }
  const adapter = options.schema as unknown as Record<string, unknown> | undefined;
  if (
    adapter === null ||
    typeof adapter !== "object" ||
    typeof adapter.isSchema !== "function" ||
    typeof adapter.compile !== "function" ||
    typeof adapter.toJsonSchema !== "function"
  ) {
    throw new TrellisConfigError(
      "MISSING_SCHEMA_ADAPTER",
      `${caller} needs \`schema\`: a schema adapter such as classValidator(), typebox(), zod() or valibot().`,
    );
  }
  if (!Array.isArray(options.controllers) || options.controllers.length === 0) {
    throw new TrellisConfigError(
      "MISSING_CONTROLLERS",
      `${caller} needs \`controllers\`: an array of at least one controller class.`,
    );
  }
  const limit = options.limits?.body ?? defaultBodyLimit;
  if (!isValidLimit(limit)) {
    throw new TrellisConfigError(
      "INVALID_LIMIT",
      `${caller}: limits.body ${String(limit)} is not a positive integer number of bytes.`,
    );
  }
  return limit;
}

/** Checks the options only `createApp` reads. */
export function checkAppOptions(options: AppOptions): void {
  if (options.errorFormatter !== undefined && typeof options.errorFormatter !== "function") {
    throw new TrellisConfigError("INVALID_OPTION", "createApp: errorFormatter must be a function.");
  }
  const logger = options.logger as { error?: unknown } | undefined;
  if (logger !== undefined && (logger === null || typeof logger.error !== "function")) {
    throw new TrellisConfigError(
      "INVALID_OPTION",
      "createApp: logger must be an object with an error(message, ...details) method.",
    );
  }
}
