import { configError } from "../errors/core-config-error.js";
import type { Logger } from "../errors/logger.js";
import type { Operation } from "../operation/operation.js";
import { hasDeclaredSuccess, operationLabel } from "./operation-object.js";

/**
 * The startup report of documented operations without a 2xx/3xx `@Returns` (their document says
 * `default`, so clients cannot type their result): one warning through
 * the logger naming them all, or with `"error"` a `TrellisConfigError`
 * (`UNDECLARED_SUCCESS_RESPONSE`). Without a logger (`buildDocument`) only `"error"` acts.
 */
export function reportUndeclaredResponses(
  operations: readonly Operation[],
  mode: "warn" | "error" | "off" | undefined,
  logger: Logger | undefined,
): void {
  if (mode === "off") return;
  const undeclared = operations.filter(
    // An event stream (`@Sse`) always answers 200 and is documented so.
    (operation) =>
      !operation.docs.hidden && operation.sse === undefined && !hasDeclaredSuccess(operation),
  );
  if (undeclared.length === 0) return;
  const names = undeclared.map(operationLabel).join(", ");
  if (mode === "error") {
    throw configError("UNDECLARED_SUCCESS_RESPONSE", [
      names,
      undeclared.length === 1 ? "it answers" : "they answer",
    ]);
  }
  if (logger === undefined) return;
  // A logger without `warn` keeps its `error` for failures: the advice goes to the console.
  const warn = logger.warn ? logger.warn.bind(logger) : console.warn;
  const one = undeclared.length === 1;
  warn(
    one
      ? `Trellis: this operation has no 2xx @Returns and is documented with a "default" response: ${names}. Declare its responses, or set openapi.undeclaredResponses to "off" to silence this.`
      : `Trellis: ${undeclared.length} operations have no 2xx @Returns and are documented with a "default" response: ${names}. Declare their responses, or set openapi.undeclaredResponses to "off" to silence this.`,
  );
}
