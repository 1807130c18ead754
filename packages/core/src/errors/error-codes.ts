import { appErrorCodes } from "./error-codes-app.js";
import { documentErrorCodes } from "./error-codes-documents.js";
import { pluginErrorCodes } from "./error-codes-plugins.js";
import { providerErrorCodes } from "./error-codes-providers.js";
import { routeErrorCodes } from "./error-codes-routes.js";

/**
 * Every startup error code of core, in the order docs/errors.md lists them, each with what it
 * means and its message template (a `%s` per argument a throw site passes). One registry, so one
 * code always reads the same way and docs and code cannot drift (a test compares them).
 */
export const configErrors = {
  ...appErrorCodes,
  ...routeErrorCodes,
  ...documentErrorCodes,
  ...providerErrorCodes,
  ...pluginErrorCodes,
} as const;

/** Core's codes. */
export type CoreErrorCode = keyof typeof configErrors;

/** Every code of core with what it means (the `meaning` column of docs/errors.md). */
export const configErrorCodes = Object.fromEntries(
  Object.entries(configErrors).map(([code, entry]) => [code, entry.meaning]),
) as { readonly [Code in CoreErrorCode]: (typeof configErrors)[Code]["meaning"] };

/**
 * The codes feature packages add, by declaration merging, each with what it means (their README
 * lists them), beside the registry their factory is made from:
 * `declare module "@trellis/core/extend" { interface FeatureErrorCodes { MY_CODE: typeof myErrors.MY_CODE.meaning } }`.
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled by feature packages through merging.
export interface FeatureErrorCodes {}

/** A stable code carried by every `TrellisConfigError`: core's own or a feature package's. */
export type ConfigErrorCode = CoreErrorCode | keyof FeatureErrorCodes;
