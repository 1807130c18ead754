import type {
  SchemaAdapter,
  UnknownPropertyPolicy,
  ValidationResult,
  Validator,
} from "@trellis/core/extend";
import { type GenericSchema, safeParse } from "valibot";
import { valibotToJsonSchema } from "./json-schema.js";
import { toIssues } from "./to-issues.js";
import { withUnknownKeys } from "./unknown-keys.js";

/** Options of the Valibot adapter. */
export interface ValibotAdapterOptions {
  /**
   * Undeclared object keys: "strip" (default: removed from the value), "reject" (a 400 issue) or
   * "keep". Core's per-binding option, when given, wins.
   */
  readonly unknownProperties?: UnknownPropertyPolicy;
}

const isValibotSchema = (value: unknown): value is GenericSchema =>
  typeof value === "object" &&
  value !== null &&
  (value as { kind?: unknown }).kind === "schema" &&
  typeof (value as { "~run"?: unknown })["~run"] === "function";

// A schema of Valibot before 1.x (no `~run`); core would point it to this very adapter.
const isOlderValibot = (value: unknown): boolean =>
  typeof value === "object" && value !== null && (value as { kind?: unknown }).kind === "schema";

/**
 * The Valibot schema adapter: validates with Valibot's synchronous `safeParse`, documents with
 * `@valibot/to-json-schema`; name a model with `v.metadata({ id: "User" })` in its pipe to make it
 * a component.
 *
 * @example
 * ```ts
 * import { createApp } from "@trellis/core";
 * import { valibot } from "@trellis/adapter-valibot";
 *
 * const app = createApp({ schema: valibot(), controllers: [UserController] });
 * ```
 */
export function valibot(options: ValibotAdapterOptions = {}): SchemaAdapter {
  return {
    name: "valibot",
    unknownProperties: options.unknownProperties,
    safeIntegers: true,
    isSchema: isValibotSchema,
    explainRefusal: (value) =>
      isOlderValibot(value)
        ? { reason: "it looks like a Valibot schema, but not a Valibot 1.x one (no ~run)" }
        : undefined,
    compile(schema, { unknownProperties, unknownPropertyIssue, maxIssues }): Validator {
      if (!isValibotSchema(schema)) throw new Error("Not a Valibot schema.");
      if ((schema as { async?: boolean }).async) {
        throw new Error("Async Valibot schemas are not supported: validation runs synchronously.");
      }
      const runnable = withUnknownKeys(schema, unknownProperties, maxIssues);
      // What a check throws is core's to turn into an issue.
      return (input): ValidationResult => {
        const result = safeParse(runnable, input);
        return result.success
          ? { ok: true, value: result.output }
          : { ok: false, issues: toIssues(result.issues, maxIssues, unknownPropertyIssue) };
      };
    },
    toJsonSchema(schema, context) {
      if (!isValibotSchema(schema)) throw new Error("Not a Valibot schema.");
      return valibotToJsonSchema(schema, context);
    },
  };
}
