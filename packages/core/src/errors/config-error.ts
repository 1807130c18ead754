import type { ConfigErrorCode } from "./error-codes.js";
import { TrellisConfigError } from "./trellis-config-error.js";

/** One startup error code: what it means (docs/errors.md) and how its message reads. */
export interface ConfigErrorEntry {
  readonly meaning: string;
  /** The message, with one `%s` per argument a throw site passes (class, method, option, value...). */
  readonly message: string;
}

/** Codes with their entries: core's registry, or a feature package's own codes. */
export type ConfigErrorRegistry = Readonly<Record<string, ConfigErrorEntry>>;

/** What fills one `%s`. */
export type TemplateArgument = string | number;

/** One argument per `%s` of a template, so a throw site cannot pass one too few or too many. */
export type TemplateArguments<Template extends string> = Template extends `${string}%s${infer Rest}`
  ? [TemplateArgument, ...TemplateArguments<Rest>]
  : [];

/** Makes the `TrellisConfigError` of one code of `registry`, its message from the code's template. */
export type ConfigErrorFactory<Registry extends ConfigErrorRegistry> = <
  Code extends keyof Registry & ConfigErrorCode,
>(
  code: Code,
  args: TemplateArguments<Registry[Code]["message"]>,
  options?: { readonly cause?: unknown },
) => TrellisConfigError;

/** Fills the `%s` of `template` in order; a count that does not match is a bug in Trellis. */
export function formatTemplate(template: string, args: readonly TemplateArgument[]): string {
  const parts = template.split("%s");
  if (parts.length !== args.length + 1) {
    throw new Error(
      `the template ${JSON.stringify(template)} takes ${parts.length - 1} arguments, got ${args.length}`,
    );
  }
  return parts.reduce((message, part, index) => `${message}${String(args[index - 1])}${part}`);
}

/**
 * The one way a startup error is made: the code's template from `registry`, filled with what the
 * throw site passes, so one code always reads the same way. Feature packages make theirs from
 * their own registry, declared beside their `FeatureErrorCodes` entries.
 *
 * @example
 * const rateLimitError = defineConfigErrors(rateLimitErrors);
 * throw rateLimitError("INVALID_RATE_LIMIT", [where, "limit must be a whole number from 1"]);
 */
export function defineConfigErrors<const Registry extends ConfigErrorRegistry>(
  registry: Registry,
): ConfigErrorFactory<Registry> {
  return (code, args, options) => {
    const entry = registry[code] as ConfigErrorEntry | undefined;
    if (entry === undefined) throw new Error(`${String(code)} is not a code of this registry`);
    return new TrellisConfigError(code, formatTemplate(entry.message, args), options);
  };
}
