import { Kind, type TSchema } from "@sinclair/typebox";
import { TypeCompiler } from "@sinclair/typebox/compiler";
import type {
  CompileOptions,
  SchemaAdapter,
  UnknownPropertyPolicy,
  ValidationIssue,
  ValidationResult,
  Validator,
} from "@trellis/core";
import { registerDefaultFormats } from "./formats.js";
import { typeboxToJsonSchema } from "./json-schema.js";
import { collectIds } from "./schema-tree.js";
import { exceptionIssue, toIssues } from "./to-issues.js";
import { compileKeyWalker } from "./unknown-keys.js";

/** Options of the TypeBox adapter. */
export interface TypeBoxAdapterOptions {
  /**
   * Undeclared object properties: "strip" (default: removed from the value), "reject" (a 400 issue
   * per property) or "keep". Core's per-binding option, when given, wins.
   */
  readonly unknownProperties?: UnknownPropertyPolicy;
  /** Schemas with a `$id` that `Type.Ref(...)` in your schemas points to. */
  readonly references?: readonly TSchema[];
  /**
   * Register the formats email, uuid, date-time, date, time, uri, ipv4 and ipv6 with TypeBox's
   * global FormatRegistry, where the app has not registered its own (default true).
   */
  readonly formats?: boolean;
}

const isTypeBoxSchema = (value: unknown): value is TSchema =>
  typeof value === "object" && value !== null && Kind in value;

const invalid: ValidationIssue = { path: [], message: "Invalid value", code: "invalid" };

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
 * The TypeBox schema adapter: validates with TypeBox's compiler (`TypeCompiler.Compile`, once per
 * schema), strips undeclared properties with a walker compiled from the schema, and documents
 * schemas as they are; a schema with `$id` becomes a component of that name.
 *
 * @example
 * ```ts
 * import { createApp } from "@trellis/core";
 * import { typebox } from "@trellis/adapter-typebox";
 *
 * const app = createApp({ schema: typebox(), controllers: [UserController] });
 * ```
 */
export function typebox(options: TypeBoxAdapterOptions = {}): SchemaAdapter {
  if (options.formats !== false) registerDefaultFormats();
  const references = [...(options.references ?? [])];
  const defaultPolicy = options.unknownProperties ?? "strip";
  const compiled = new WeakMap<TSchema, Map<UnknownPropertyPolicy, Validator>>();

  const build = (schema: TSchema, policy: UnknownPropertyPolicy): Validator => {
    const ids = collectIds([schema, ...references]);
    const check = TypeCompiler.Compile(schema, references);
    const walker = policy === "keep" ? undefined : compileKeyWalker(schema, ids, references);
    const failure = (input: unknown): ValidationIssue[] => {
      const issues = toIssues(check.Errors(input), input);
      return issues.length > 0 ? issues : [invalid];
    };
    if (policy === "reject") {
      return (input): ValidationResult => {
        try {
          const issues = check.Check(input) ? [] : failure(input);
          walker?.scan(input, [], issues);
          return issues.length === 0 ? { ok: true, value: input } : { ok: false, issues };
        } catch {
          return { ok: false, issues: [exceptionIssue] };
        }
      };
    }
    return (input): ValidationResult => {
      try {
        if (!check.Check(input)) return { ok: false, issues: failure(input) };
        return { ok: true, value: walker ? walker.strip(input) : input };
      } catch {
        return { ok: false, issues: [exceptionIssue] };
      }
    };
  };

  return {
    name: "typebox",
    isSchema: isTypeBoxSchema,
    compile(schema: unknown, compileOptions: CompileOptions): Validator {
      if (!isTypeBoxSchema(schema)) throw new Error("Not a TypeBox schema.");
      const policy = compileOptions.unknownProperties ?? defaultPolicy;
      return cached(compiled, schema, policy, () => build(schema, policy));
    },
    toJsonSchema(schema, context) {
      if (!isTypeBoxSchema(schema)) throw new Error("Not a TypeBox schema.");
      return typeboxToJsonSchema(schema, context, collectIds([schema, ...references]));
    },
  };
}
