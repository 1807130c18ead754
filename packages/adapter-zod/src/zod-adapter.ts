import type {
  SchemaAdapter,
  UnknownPropertyPolicy,
  ValidationResult,
  Validator,
} from "@trellis/core/extend";
import { type $ZodIssue, type $ZodType, safeParse } from "zod/v4/core";
import { zodToJsonSchema } from "./json-schema.js";
import { toIssues } from "./to-issues.js";
import { withUnknownKeys } from "./unknown-keys.js";

/** Options of the Zod adapter. */
export interface ZodAdapterOptions {
  /**
   * Undeclared object keys: "strip" (default: removed from the value), "reject" (a 400 issue per
   * key) or "keep". Core's per-binding option, when given, wins.
   */
  readonly unknownProperties?: UnknownPropertyPolicy;
}

const isZodSchema = (value: unknown): value is $ZodType =>
  typeof value === "object" &&
  value !== null &&
  "_zod" in value &&
  typeof (value as { _zod?: { def?: unknown } })._zod?.def === "object";

// What Zod 3 schemas (and older) have; core would point them to this very adapter.
const isOtherZod = (value: unknown): boolean =>
  typeof value === "object" &&
  value !== null &&
  ("_zod" in value || ("_def" in value && "safeParse" in value));

/**
 * The issues of a failed parse. Zod builds its error (an `Error`) on first read; only its issues
 * are wanted, so it is built without capturing a stack trace, which is most of what building it
 * costs (on the path an attacker drives). Zod's own error maps still run, as they would.
 */
function issuesOf(result: { readonly error?: { readonly issues: readonly $ZodIssue[] } }) {
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 0;
  try {
    return result.error?.issues ?? [];
  } finally {
    Error.stackTraceLimit = limit;
  }
}

/**
 * The Zod 4 schema adapter: validates with Zod's synchronous `safeParse`, documents with Zod's
 * own `z.toJSONSchema`; name a model with `.meta({ id: "User" })` to make it a component.
 *
 * @example
 * ```ts
 * import { createApp } from "@trellis/core";
 * import { zod } from "@trellis/adapter-zod";
 *
 * const app = createApp({ schema: zod(), controllers: [UserController] });
 * ```
 */
export function zod(options: ZodAdapterOptions = {}): SchemaAdapter {
  return {
    name: "zod",
    unknownProperties: options.unknownProperties,
    isSchema: isZodSchema,
    explainRefusal: (value) =>
      isOtherZod(value)
        ? { reason: "it looks like a Zod schema, but not a Zod 4 one (this adapter takes zod@^4)" }
        : undefined,
    compile(schema, { unknownProperties, unknownPropertyIssue, maxIssues }): Validator {
      if (!isZodSchema(schema)) throw new Error("Not a Zod 4 schema.");
      // Zod strips by default.
      const runnable =
        unknownProperties === "reject" || unknownProperties === "keep"
          ? withUnknownKeys(schema, unknownProperties)
          : schema;
      // What a refinement throws is core's to turn into an issue.
      return (input): ValidationResult => {
        const result = safeParse(runnable, input);
        return result.success
          ? { ok: true, value: result.data }
          : { ok: false, issues: toIssues(issuesOf(result), maxIssues, unknownPropertyIssue) };
      };
    },
    toJsonSchema(schema, context) {
      if (!isZodSchema(schema)) throw new Error("Not a Zod 4 schema.");
      return zodToJsonSchema(schema, context);
    },
  };
}
