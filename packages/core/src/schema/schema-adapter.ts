import type { IssueCode } from "./issue-codes.js";
import type { JsonSchema } from "./json-schema.js";

/** One problem found in an input: where it is and what is wrong, as plain data. */
export interface ValidationIssue {
  /** Property names and array indexes from the root of the validated input. */
  readonly path: readonly (string | number)[];
  /** A human-readable message, safe to send to the client. */
  readonly message: string;
  /** A short machine-readable code: a shared `IssueCode`, else the validation library's own. */
  readonly code?: IssueCode | (string & {});
}

/** The outcome of a validation: the (possibly transformed) value, or the issues. Never thrown. */
export type ValidationResult<T = unknown> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly issues: readonly ValidationIssue[] };

/**
 * A compiled validator: pure and synchronous. It need not catch what user code throws: core runs
 * it inside one try/catch that turns a throw into a single `validation_exception` issue.
 */
export type Validator<T = unknown> = (input: unknown) => ValidationResult<T>;

/**
 * A validator that may answer with a promise: what `compile` returns for a library whose checks
 * can be asynchronous (a Standard Schema `validate`). Core awaits a promise only when one comes
 * back; a synchronous answer costs nothing extra.
 */
export type MaybeAsyncValidator<T = unknown> = (
  input: unknown,
) => ValidationResult<T> | Promise<ValidationResult<T>>;

/** Where a compiled schema is used; adapters may tune their behaviour per place. */
export type SchemaTarget = "body" | "path" | "query" | "header" | "cookie" | "response";

/** What to do with object properties the schema does not declare. */
export type UnknownPropertyPolicy = "strip" | "reject" | "keep";

/**
 * What core tells an adapter when it asks it to compile a schema: the rules every adapter applies
 * alike are core's, and reach the adapter here (the policy, its issue, the cap), so an adapter
 * writes none of them again. An adapter whose library cannot be told them says `shapeRulesByCore`
 * and core applies them around its validator instead.
 */
export interface CompileOptions {
  /** Where the validated value comes from (or goes to, for responses). */
  readonly target: SchemaTarget;
  /**
   * Undeclared object properties: removed, rejected, or kept. Core resolves it: the binding's
   * choice, else the adapter's `unknownProperties`, else "strip".
   */
  readonly unknownProperties: UnknownPropertyPolicy;
  /**
   * The issue to report for an undeclared property under "reject", at `path` (the property's own
   * path, its name last): core's wording and code (`unknown_property`), the same for every
   * adapter. Call it only for issues reported (on a failing input): a valid input costs nothing.
   */
  readonly unknownPropertyIssue: (path: readonly (string | number)[]) => ValidationIssue;
  /**
   * The most issues core reports for one input (a 400 lists at most 100, the first ones found). An
   * adapter may stop collecting issues once it has this many, as long as those are the first ones
   * it would report.
   */
  readonly maxIssues: number;
}

/** Why an adapter refuses a value (`isSchema` answered false), for the startup error. */
export interface SchemaRefusal {
  /** What the value is or lacks, completing "the <name> adapter does not recognise the schema: …". */
  readonly reason: string;
  /**
   * True when the value validates but cannot describe itself as JSON Schema, which the document
   * needs: the startup error is then `MISSING_JSON_SCHEMA` rather than `UNSUPPORTED_SCHEMA`.
   */
  readonly missingJsonSchema?: boolean;
}

/** The JSON Schema dialects an adapter may emit (Standard JSON Schema's names for them). */
export type JsonSchemaDialect = "draft-2020-12" | "openapi-3.0";

/** The context core gives an adapter when it asks for JSON Schema: named models become components. */
export interface JsonSchemaContext {
  /**
   * The schema dialect of the document being built: "openapi-3.0" for OpenAPI 3.0, "draft-2020-12"
   * for 3.1 and later (absent: "draft-2020-12"). An adapter whose library can write this dialect
   * itself may emit it; anything else is plain 2020-12, which core converts as for every adapter.
   */
  readonly dialect?: JsonSchemaDialect;
  /**
   * Declares a named model and returns a reference to it. `source` identifies the model (a class,
   * a schema object); `build` runs at most once per source and may itself call `define` (recursion
   * is safe: the reference is returned before `build` finishes). Two different models with the same
   * name are a startup error.
   */
  define(name: string, source: unknown, build: () => JsonSchema): JsonSchema;
}

/**
 * The contract every schema adapter implements. Core calls it only at startup: per request it
 * runs the validators that `compile` returned, nothing else.
 *
 * Core owns the rules every adapter applies alike: the unknown-property policy and its issue
 * (`CompileOptions.unknownProperties`, `unknownPropertyIssue`), safe integers (`safeIntegers`,
 * which core writes into the JSON Schema) and the issue cap (`maxIssues`). An adapter adds to its
 * library only what the library lacks to apply them, or says `shapeRulesByCore` and core applies
 * them itself. Core never asks which adapter it has: what differs between adapters is a member
 * here, never a test of `name`.
 */
export interface SchemaAdapter {
  /** The adapter's name, used in error messages ("zod", "typebox", ...). */
  readonly name: string;
  /** The policy its factory was given, for bindings that choose none (core's default: "strip"). */
  readonly unknownProperties?: UnknownPropertyPolicy;
  /**
   * True when its integer schemas accept safe integers only (within ±(2^53 - 1)): core then gives
   * each integer in its JSON Schema those bounds, unless the schema's own are tighter.
   */
  readonly safeIntegers?: boolean;
  /**
   * True when its library cannot be told the unknown-property policy or the safe-integer rule (a
   * Standard Schema validator has no such options): core applies both after each validation, from
   * the schema's JSON Schema (see `withShapeRules`), and the adapter leaves `unknownProperties`
   * alone. A function answers per schema (an adapter for two lines of one library, only one of
   * which can apply them itself).
   */
  readonly shapeRulesByCore?: boolean | ((schema: unknown) => boolean);
  /** True when `value` is a schema of this adapter's library (tells `@Param(Schema)` from `@Param("id")`). */
  isSchema(value: unknown): boolean;
  /**
   * Optional: why `isSchema` refused `value`, where the adapter knows better than core's general
   * guess (a class without this library's decorators, a version of the library it does not take, a
   * Standard Schema without JSON Schema); undefined to leave it to core, which says what the value
   * looks like (undefined, another library's schema, plain JSON Schema, ...).
   */
  explainRefusal?(value: unknown): SchemaRefusal | undefined;
  /**
   * Compiles a schema into a validator; core asks once per schema, target and policy and keeps
   * the result. Throws only for schemas it cannot compile (startup).
   */
  compile(schema: unknown, options: CompileOptions): Validator | MaybeAsyncValidator;
  /**
   * Optional: whether the compiled validator would accept a missing value (`undefined`), answered
   * without running it, for an adapter whose validators are costly to run before their first
   * request. It must agree with `compile(schema, options)(undefined).ok`; core probes that
   * validator instead when this is absent.
   */
  acceptsMissing?(schema: unknown, options: CompileOptions): boolean;
  /**
   * The schema as plain JSON Schema. Named models go through `context.define`; an emitted schema
   * may also carry `$defs` with local `#/$defs/Name` references, which core hoists into components.
   */
  toJsonSchema(schema: unknown, context: JsonSchemaContext): JsonSchema;
}
