import { TrellisConfigError } from "../errors/trellis-config-error.js";
import type {
  SchemaAdapter,
  SchemaTarget,
  UnknownPropertyPolicy,
  Validator,
} from "./schema-adapter.js";

/**
 * Compiles each (schema, target, unknown-property policy) once per app, so the operation builder
 * (which probes a validator to learn whether a value is required) and the router share one
 * validator. Inputs are compiled without a policy, so the adapter's own `unknownProperties` option
 * decides (default "strip" in every adapter); response validation asks for "keep" or "strip".
 */
export class SchemaCompiler {
  private readonly cache = new Map<unknown, Map<string, Validator>>();
  private readonly missing = new WeakMap<Validator, boolean>();

  constructor(private readonly adapter: SchemaAdapter) {}

  /** The validator of `schema` at `target`; `where` names the class and method for errors. */
  compile(
    schema: unknown,
    target: SchemaTarget,
    where: string,
    unknownProperties?: UnknownPropertyPolicy,
  ): Validator {
    let byTarget = this.cache.get(schema);
    if (!byTarget) {
      byTarget = new Map();
      this.cache.set(schema, byTarget);
    }
    const key = `${target} ${unknownProperties ?? "adapter"}`;
    let validator = byTarget.get(key);
    if (!validator) {
      try {
        validator = this.adapter.compile(
          schema,
          unknownProperties === undefined ? { target } : { target, unknownProperties },
        );
      } catch (error) {
        if (error instanceof TrellisConfigError) throw error;
        throw new TrellisConfigError(
          "UNSUPPORTED_SCHEMA",
          `${where}: the ${this.adapter.name} adapter could not compile a ${target} schema.`,
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
        accepts = this.adapter.acceptsMissing?.(schema, { target }) ?? validator(undefined).ok;
      } catch {
        accepts = false;
      }
      this.missing.set(validator, accepts); // a body schema bound by several routes: asked once
    }
    return accepts;
  }
}
