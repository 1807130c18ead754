import type {
  SchemaAdapter,
  UnknownPropertyPolicy,
  ValidationResult,
  Validator,
} from "@trellis/core";
import { type $ZodType, safeParse } from "zod/v4/core";
import { zodToJsonSchema } from "./json-schema.js";
import { exceptionIssue, toIssues } from "./to-issues.js";
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
    // Core passes the resolved policy; the factory's serves callers that compile without core.
    compile(schema, { unknownProperties = options.unknownProperties, maxIssues }): Validator {
      if (!isZodSchema(schema)) throw new Error("Not a Zod 4 schema.");
      // Zod strips by default.
      const runnable =
        unknownProperties === "reject" || unknownProperties === "keep"
          ? withUnknownKeys(schema, unknownProperties)
          : schema;
      return (input): ValidationResult => {
        try {
          const result = safeParse(runnable, input);
          return result.success
            ? { ok: true, value: result.data }
            : { ok: false, issues: toIssues(result.error.issues, maxIssues) };
        } catch {
          return { ok: false, issues: [exceptionIssue] }; // a throwing refinement, without core
        }
      };
    },
    toJsonSchema(schema, context) {
      if (!isZodSchema(schema)) throw new Error("Not a Zod 4 schema.");
      return zodToJsonSchema(schema, context);
    },
  };
}
