import { configError } from "../errors/core-config-error.js";
import { TrellisConfigError } from "../errors/trellis-config-error.js";
import { compileShapeCheck } from "./input-shape-check.js";
import { neverThrows } from "./never-throws.js";
import type {
  CompileOptions,
  MaybeAsyncValidator,
  SchemaAdapter,
  SchemaTarget,
  UnknownPropertyPolicy,
} from "./schema-adapter.js";
import { SchemaRegistry } from "./schema-registry.js";
import { withShapeRules } from "./shape-rules.js";
import { unknownPropertyIssue } from "./unknown-property-issue.js";

/** Undeclared properties when neither binding nor adapter says: removed, so no mass assignment. */
export const defaultUnknownProperties: UnknownPropertyPolicy = "strip";

/**
 * The most issues an adapter needs to collect for one input: a 400 lists at most this many (the
 * first ones found; `maxIssues` in request/request-inputs.ts is the same number), so an adapter
 * may stop there instead of building an issue for each of 150,000 bad array items.
 */
export const maxReportedIssues = 100;

/** What core tells an adapter about one compile: the place, the policy and the shared rules. */
export const compileOptions = (
  target: SchemaTarget,
  policy: UnknownPropertyPolicy,
): CompileOptions => ({
  target,
  unknownProperties: policy,
  unknownPropertyIssue,
  maxIssues: maxReportedIssues,
});

// A validator that answers `undefined` only with a promise cannot be asked at startup: required.
function acceptsUndefined(validator: MaybeAsyncValidator): boolean {
  const result = validator(undefined);
  if (result instanceof Promise) {
    result.catch(() => {}); // settled or not, nobody waits for it
    return false;
  }
  return result.ok;
}

/**
 * Compiles each (schema, target, unknown-property policy) once per app, so the operation builder
 * (which probes a validator to learn whether a value is required) and the router share one
 * validator; adapters keep no cache of their own. It resolves the policy (the binding's, else the
 * adapter's, else the default), tells the adapter how many issues are reported at most, and makes
 * every validator total: a throw becomes one issue.
 */
export class SchemaCompiler {
  private readonly cache = new Map<unknown, Map<string, MaybeAsyncValidator>>();
  private readonly missing = new WeakMap<MaybeAsyncValidator, boolean>();

  constructor(
    private readonly adapter: SchemaAdapter,
    /** The app's models, for an adapter whose rules core applies from JSON Schema. */
    private readonly registry: SchemaRegistry = new SchemaRegistry(),
  ) {}

  /** The validator of `schema` at `target`; `where` names the class and method for errors. */
  compile(
    schema: unknown,
    target: SchemaTarget,
    where: string,
    unknownProperties?: UnknownPropertyPolicy,
  ): MaybeAsyncValidator {
    let byTarget = this.cache.get(schema);
    if (!byTarget) {
      byTarget = new Map();
      this.cache.set(schema, byTarget);
    }
    const policy = this.policy(unknownProperties);
    const key = `${target} ${policy}`;
    let validator = byTarget.get(key);
    if (!validator) {
      try {
        let compiled = this.adapter.compile(schema, compileOptions(target, policy));
        const byCore = this.adapter.shapeRulesByCore;
        if (byCore === true || (typeof byCore === "function" && byCore(schema))) {
          const jsonSchema = this.registry.fromAdapter(this.adapter, schema, where);
          const walk = compileShapeCheck(jsonSchema, this.registry);
          compiled = withShapeRules(compiled, walk, policy, maxReportedIssues);
        }
        validator = neverThrows(compiled);
      } catch (error) {
        if (error instanceof TrellisConfigError) throw error;
        throw configError(
          "UNSUPPORTED_SCHEMA",
          [where, `the ${this.adapter.name} adapter could not compile a ${target} schema`],
          { cause: error },
        );
      }
      byTarget.set(key, validator);
    }
    return validator;
  }

  /** True when the schema accepts a missing value (the validator passes `undefined`). */
  acceptsMissing(schema: unknown, target: SchemaTarget, where: string): boolean {
    const validator = this.compile(schema, target, where);
    let accepts = this.missing.get(validator);
    if (accepts === undefined) {
      try {
        accepts =
          this.adapter.acceptsMissing?.(schema, compileOptions(target, this.policy())) ??
          acceptsUndefined(validator);
      } catch {
        accepts = false;
      }
      this.missing.set(validator, accepts); // a body schema bound by several routes: asked once
    }
    return accepts;
  }

  private policy(chosen?: UnknownPropertyPolicy): UnknownPropertyPolicy {
    return chosen ?? this.adapter.unknownProperties ?? defaultUnknownProperties;
  }
}
