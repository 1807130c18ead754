import { TrellisConfigError } from "../errors/trellis-config-error.js";
import type { SchemaAdapter, SchemaTarget, Validator } from "./schema-adapter.js";

/**
 * Compiles each (schema, target) pair once per app, so the operation builder (which probes a
 * validator to learn whether a value is required) and the router share one validator.
 */
export class SchemaCompiler {
  private readonly cache = new Map<unknown, Map<SchemaTarget, Validator>>();

  constructor(private readonly adapter: SchemaAdapter) {}

  /** The validator of `schema` at `target`; `where` names the class and method for errors. */
  compile(schema: unknown, target: SchemaTarget, where: string): Validator {
    let byTarget = this.cache.get(schema);
    if (!byTarget) {
      byTarget = new Map();
      this.cache.set(schema, byTarget);
    }
    let validator = byTarget.get(target);
    if (!validator) {
      try {
        validator = this.adapter.compile(schema, { target, unknownProperties: "strip" });
      } catch (error) {
        if (error instanceof TrellisConfigError) throw error;
        throw new TrellisConfigError(
          "UNSUPPORTED_SCHEMA",
          `${where}: the ${this.adapter.name} adapter could not compile a ${target} schema.`,
          { cause: error },
        );
      }
      byTarget.set(target, validator);
    }
    return validator;
  }

  /** True when the schema accepts a missing value (the validator passes `undefined`). */
  acceptsMissing(schema: unknown, target: SchemaTarget, where: string): boolean {
    const validator = this.compile(schema, target, where);
    try {
      return validator(undefined).ok;
    } catch {
      return false;
    }
  }
}
