import { Kind, type TSchema, TypeRegistry } from "@sinclair/typebox";
import { TypeCompiler } from "@sinclair/typebox/compiler";
import { Check } from "@sinclair/typebox/value";
import type {
  CompileOptions,
  SchemaAdapter,
  ValidationIssue,
  ValidationResult,
  Validator,
} from "@trellis/core/extend";
import { checkCompilable } from "./check-compilable.js";
import { compileOnFirstUse } from "./compile-on-first-use.js";
import { fileKind, fileProblem } from "./file-type.js";
import { registerDefaultFormats } from "./formats.js";
import { typeboxToJsonSchema } from "./json-schema.js";
import { compilePropertyIssues } from "./property-issues.js";
import { createSafeIntegerCopier } from "./safe-integers.js";
import { collectIds } from "./schema-tree.js";
import { toIssues } from "./to-issues.js";
import type { TypeBoxAdapterOptions } from "./typebox-options.js";
import { compileKeyWalker, withObjectPrototype } from "./unknown-keys.js";

// `FileType` schemas carry this kind: 0.34 checks them with the registered function.
if (!TypeRegistry.Has(fileKind)) {
  TypeRegistry.Set(
    fileKind,
    (schema, value) => fileProblem(schema as TSchema, value) === undefined,
  );
}

const isTypeBoxSchema = (value: unknown): value is TSchema =>
  typeof value === "object" && value !== null && Kind in value;

const invalid: ValidationIssue = { path: [], message: "Invalid value", code: "invalid" };

/**
 * The adapter for `@sinclair/typebox` 0.34 schemas: validates with TypeBox's compiler
 * (`TypeCompiler.Compile`, once per schema, on the schema's first request unless `precompile`),
 * strips undeclared properties with a walker compiled from the schema, and documents schemas as
 * they are; a schema with `$id` becomes a component of that name. `Type.Integer` means a safe
 * integer (within ±(2^53 - 1)), in validation and in the document. Loaded only where that
 * package is installed.
 */
export function typebox034(options: TypeBoxAdapterOptions): SchemaAdapter {
  if (options.formats !== false) registerDefaultFormats();
  const references = [...((options.references ?? []) as readonly TSchema[])];
  // TypeBox's TypeCheck appends every `$id` schema it meets to the references array it is given
  // (Pushref): a shared array would grow with each compile and make every later walk quadratic.
  const ownReferences = (): TSchema[] => [...references];
  // What is compiled: copies in which every Type.Integer refuses unsafe integers.
  const safeCopy = createSafeIntegerCopier();
  const safeReferences = references.map(safeCopy);
  const ownSafeReferences = (): TSchema[] => [...safeReferences];
  // The `$id` schemas a walk may meet, once per schema: for the user's schema (startup checks,
  // documentation) and for its safe copy (the key walker), each with its own references.
  const idFinder = (among: readonly TSchema[]) => {
    const cache = new WeakMap<TSchema, Map<string, TSchema>>();
    return (schema: TSchema): Map<string, TSchema> => {
      let ids = cache.get(schema);
      if (!ids) {
        ids = collectIds([schema, ...among]);
        cache.set(schema, ids);
      }
      return ids;
    };
  };
  const idsOf = idFinder(references);
  const safeIdsOf = idFinder(safeReferences);

  // What user code throws (a custom format or kind) is core's to turn into an issue.
  const build = (schema: TSchema, compileOptions: CompileOptions): Validator => {
    const { unknownProperties: policy, maxIssues: limit } = compileOptions;
    const runnable = safeCopy(schema);
    const check = TypeCompiler.Compile(runnable, ownSafeReferences());
    const walker =
      policy === "keep"
        ? undefined
        : compileKeyWalker(
            runnable,
            safeIdsOf(runnable),
            ownSafeReferences,
            compileOptions.unknownPropertyIssue,
          );
    // Only the first `limit` errors are computed: the compiled check decides, the lazy error
    // iterator explains, and an array past its maxItems says so before its items.
    const propertyIssues = compilePropertyIssues(runnable, ownSafeReferences);
    const failure = (input: unknown): ValidationIssue[] => {
      const issues = propertyIssues?.(input, limit) ?? toIssues(check.Errors(input), input, limit);
      return issues.length > 0 ? issues : [invalid];
    };
    if (policy === "reject") {
      return (input): ValidationResult => {
        const issues = check.Check(input) ? [] : failure(input);
        walker?.scan(input, [], issues, limit);
        return issues.length === 0
          ? { ok: true, value: withObjectPrototype(input) }
          : { ok: false, issues };
      };
    }
    return (input): ValidationResult => {
      if (!check.Check(input)) return { ok: false, issues: failure(input) };
      return { ok: true, value: withObjectPrototype(walker ? walker.strip(input) : input) };
    };
  };

  return {
    name: "typebox",
    unknownProperties: options.unknownProperties,
    safeIntegers: true,
    isSchema: isTypeBoxSchema,
    compile(schema, compileOptions): Validator {
      if (!isTypeBoxSchema(schema)) throw new Error("Not a TypeBox schema.");
      checkCompilable(schema, () => idsOf(schema));
      if (options.precompile === true) return build(schema, compileOptions);
      return compileOnFirstUse(() => build(schema, compileOptions));
    },
    // TypeBox's interpreter decides `undefined` as the compiled check does (no object inside it
    // for the key walker), so core learns what is required without generating any code. A throw
    // here reads as "required" in core.
    acceptsMissing(schema: unknown): boolean {
      return isTypeBoxSchema(schema) && Check(schema, ownReferences(), undefined);
    },
    toJsonSchema(schema, context) {
      if (!isTypeBoxSchema(schema)) throw new Error("Not a TypeBox schema.");
      return typeboxToJsonSchema(schema, context, () => idsOf(schema));
    },
  };
}
