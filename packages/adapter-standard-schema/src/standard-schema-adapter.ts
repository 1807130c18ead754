import type { StandardSchemaV1 } from "@standard-schema/spec";
import type {
  JsonSchemaContext,
  SchemaAdapter,
  UnknownPropertyPolicy,
  ValidationResult,
  Validator,
} from "@trellis/core/extend";
import { type LibraryOptions, standardToJsonSchema } from "./json-schema.js";
import { explainRefusal, isDocumentedSchema } from "./standard-schema.js";
import { toIssues } from "./to-issues.js";

/** Options of the Standard Schema adapter. */
export interface StandardSchemaAdapterOptions {
  /**
   * Undeclared object properties: "strip" (default: removed from the value), "reject" (a 400
   * issue per property) or "keep". Core applies it from the schema's JSON Schema, whatever the
   * library does by itself; core's per-binding option, when given, wins.
   */
  readonly unknownProperties?: UnknownPropertyPolicy;
  /**
   * Passed to the library's JSON Schema converter as Standard JSON Schema's `libraryOptions`
   * (for example Valibot's `{ errorMode: "ignore" }` to leave out checks JSON Schema cannot say).
   */
  readonly jsonSchemaOptions?: Record<string, unknown>;
}

type Result = StandardSchemaV1.Result<unknown>;

const isPromise = (value: unknown): value is PromiseLike<Result> =>
  typeof (value as { then?: unknown } | null)?.then === "function";

/**
 * The Standard Schema adapter: validates with any Standard Schema V1 library's own
 * `~standard.validate` (Zod 4, ArkType, Valibot, Effect Schema, ...) and documents with its
 * Standard JSON Schema (`~standard.jsonSchema`). Core applies the unknown-property policy and the
 * safe-integer rule from that JSON Schema, since the standard cannot tell a library either.
 *
 * @example
 * ```ts
 * import { createApp } from "@trellis/core";
 * import { standardSchema } from "@trellis/adapter-standard-schema";
 *
 * const app = createApp({ schema: standardSchema(), controllers: [UserController] });
 * ```
 */
export function standardSchema(options: StandardSchemaAdapterOptions = {}): SchemaAdapter {
  const libraryOptions: LibraryOptions = options.jsonSchemaOptions;
  return {
    name: "standard-schema",
    unknownProperties: options.unknownProperties,
    safeIntegers: true,
    shapeRulesByCore: true,
    isSchema: isDocumentedSchema,
    explainRefusal,
    compile(schema, { maxIssues }): Validator {
      if (!isDocumentedSchema(schema))
        throw new Error("Not a Standard Schema with Standard JSON Schema.");
      const validate = schema["~standard"].validate;
      const toResult = (result: Result): ValidationResult =>
        result.issues === undefined
          ? { ok: true, value: result.value }
          : { ok: false, issues: toIssues(result.issues, maxIssues) };
      // A library answers synchronously where it can; an async check makes `validate` a promise,
      // which core awaits (slower: that request's validation costs a promise).
      return ((input: unknown) => {
        const result = validate(input);
        return isPromise(result) ? Promise.resolve(result).then(toResult) : toResult(result);
      }) as Validator;
    },
    toJsonSchema(schema, context: JsonSchemaContext) {
      if (!isDocumentedSchema(schema))
        throw new Error("Not a Standard Schema with Standard JSON Schema.");
      // The document's dialect where the library writes it (Zod, Valibot), else 2020-12 (ArkType).
      return standardToJsonSchema(
        schema,
        context,
        context.dialect ?? "draft-2020-12",
        libraryOptions,
      );
    },
  };
}
