// Core internals the test kit needs that core does not publish as its API: from its internal
// entry point, `@trellis/core/internal` (the same modules `@trellis/core` loads).
import type {
  CompileOptions,
  MaybeAsyncValidator,
  SchemaAdapter,
  SchemaTarget,
  UnknownPropertyPolicy,
  ValidationResult,
  Validator,
} from "@trellis/core/extend";
import { compileOptions, SchemaCompiler } from "@trellis/core/internal";

export { SchemaRegistry } from "@trellis/core/internal";

const compilers = new WeakMap<SchemaAdapter, SchemaCompiler>();

type CompileThroughCoreOptions = {
  readonly target: SchemaTarget;
  readonly unknownProperties?: UnknownPropertyPolicy;
};

function compiled(
  adapter: SchemaAdapter,
  schema: unknown,
  options: CompileThroughCoreOptions,
): MaybeAsyncValidator {
  let compiler = compilers.get(adapter);
  if (compiler === undefined) {
    compiler = new SchemaCompiler(adapter);
    compilers.set(adapter, compiler);
  }
  return compiler.compile(schema, options.target, "conformance", options.unknownProperties);
}

/**
 * Compiles a schema as an app does: through core's compiler, which caches, resolves the
 * unknown-property policy (the option's, else the adapter's, else "strip"), caps the issues and
 * turns a throwing validator into one `validation_exception` issue. For inputs the adapter
 * validates synchronously; an answer that is a promise fails loudly (use `compileThroughCoreAsync`).
 */
export function compileThroughCore(
  adapter: SchemaAdapter,
  schema: unknown,
  options: CompileThroughCoreOptions,
): Validator {
  const validate = compiled(adapter, schema, options);
  return (input) => {
    const result = validate(input);
    if (result instanceof Promise) {
      throw new Error("The validator answered with a promise: use compileThroughCoreAsync.");
    }
    return result;
  };
}

/** `compileThroughCore` for a validator that may answer with a promise: always awaited. */
export function compileThroughCoreAsync(
  adapter: SchemaAdapter,
  schema: unknown,
  options: CompileThroughCoreOptions,
): (input: unknown) => Promise<ValidationResult> {
  const validate = compiled(adapter, schema, options);
  return async (input) => validate(input);
}

/**
 * The options core hands an adapter's `compile`, for tests of what the adapter itself does
 * (its own startup errors, say) without core's wrapping.
 */
export const coreCompileOptions = (
  target: SchemaTarget,
  unknownProperties: UnknownPropertyPolicy = "strip",
): CompileOptions => compileOptions(target, unknownProperties);

/** An app's runtime (its servers, open event streams, ...): `runtimeOf(app.state)`. */
/** Core's walk of every parsed JSON body (prototype keys, depth), which precedes validation. */
export { runtimeOf, unsafeJson } from "@trellis/core/internal";
