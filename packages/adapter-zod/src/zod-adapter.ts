import type {
  CompileOptions,
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

/** One validator per schema and policy: compiling is startup work, done once. */
function cached<K extends object>(
  cache: WeakMap<K, Map<UnknownPropertyPolicy, Validator>>,
  schema: K,
  policy: UnknownPropertyPolicy,
  build: () => Validator,
): Validator {
  let byPolicy = cache.get(schema);
  if (!byPolicy) {
    byPolicy = new Map();
    cache.set(schema, byPolicy);
  }
  let validator = byPolicy.get(policy);
  if (!validator) {
    validator = build();
    byPolicy.set(policy, validator);
  }
  return validator;
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
  const defaultPolicy = options.unknownProperties ?? "strip";
  const compiled = new WeakMap<$ZodType, Map<UnknownPropertyPolicy, Validator>>();

  const build = (schema: $ZodType, policy: UnknownPropertyPolicy): Validator => {
    const runnable = policy === "strip" ? schema : withUnknownKeys(schema, policy);
    return (input): ValidationResult => {
      try {
        const result = safeParse(runnable, input);
        return result.success
          ? { ok: true, value: result.data }
          : { ok: false, issues: toIssues(result.error.issues) };
      } catch {
        // A throwing refinement or transform, or an async one: a generic issue, never a crash.
        return { ok: false, issues: [exceptionIssue] };
      }
    };
  };

  return {
    name: "zod",
    isSchema: isZodSchema,
    compile(schema: unknown, compileOptions: CompileOptions): Validator {
      if (!isZodSchema(schema)) throw new Error("Not a Zod 4 schema.");
      const policy = compileOptions.unknownProperties ?? defaultPolicy;
      return cached(compiled, schema, policy, () => build(schema, policy));
    },
    toJsonSchema(schema, context) {
      if (!isZodSchema(schema)) throw new Error("Not a Zod 4 schema.");
      return zodToJsonSchema(schema, context);
    },
  };
}
