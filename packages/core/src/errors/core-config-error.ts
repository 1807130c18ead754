import { defineConfigErrors } from "./config-error.js";
import { configErrors } from "./error-codes.js";

/**
 * Makes core's startup error of `code`, its message from the code's template in the registry.
 *
 * @example
 * throw configError("DUPLICATE_ROUTE", [where(operation), where(existing)]);
 */
export const configError = defineConfigErrors(configErrors);
