import type {
  CompileOptions,
  SchemaAdapter,
  UnknownPropertyPolicy,
  ValidationResult,
  Validator,
} from "@trellis/core";
import { type GenericSchema, safeParse } from "valibot";
import { valibotToJsonSchema } from "./json-schema.js";
import { exceptionIssue, toIssues } from "./to-issues.js";
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
  const defaultPolicy = options.unknownProperties ?? "strip";
  const compiled = new WeakMap<GenericSchema, Map<UnknownPropertyPolicy, Validator>>();

  const build = (schema: GenericSchema, policy: UnknownPropertyPolicy): Validator => {
    const runnable = withUnknownKeys(schema, policy);
    return (input): ValidationResult => {
      try {
        const result = safeParse(runnable, input);
        return result.success
          ? { ok: true, value: result.output }
          : { ok: false, issues: toIssues(result.issues) };
      } catch {
        // A throwing check or transform: a generic issue, never a crash.
        return { ok: false, issues: [exceptionIssue] };
      }
    };
  };

  return {
    name: "valibot",
    isSchema: isValibotSchema,
    compile(schema: unknown, compileOptions: CompileOptions): Validator {
      if (!isValibotSchema(schema)) throw new Error("Not a Valibot schema.");
      if ((schema as { async?: boolean }).async) {
        throw new Error("Async Valibot schemas are not supported: validation runs synchronously.");
      }
      const policy = compileOptions.unknownProperties ?? defaultPolicy;
      return cached(compiled, schema, policy, () => build(schema, policy));
    },
    toJsonSchema(schema, context) {
      if (!isValibotSchema(schema)) throw new Error("Not a Valibot schema.");
      return valibotToJsonSchema(schema, context);
    },
  };
}
