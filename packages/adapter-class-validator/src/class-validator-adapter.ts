import type {
  CompileOptions,
  SchemaAdapter,
  UnknownPropertyPolicy,
  ValidationIssue,
  ValidationResult,
  Validator,
} from "@trellis/core/extend";
import {
  type ClassConstructor,
  type ClassTransformOptions,
  plainToInstance,
} from "class-transformer";
import { type ValidatorOptions, validateSync } from "class-validator";
import { createArrayBounds } from "./array-bounds.js";
import { type ClassPlan, createPlanReader, hasValidationMetadata } from "./class-plan.js";
import { createCompiledModels } from "./compiled-model.js";
import { applyPatch } from "./instance-patch.js";
import { createInstantiators, type Instantiate } from "./instantiate.js";
import { classToJsonSchema } from "./json-schema.js";
import { createQuickChecks } from "./quick-check.js";
import { createSafeIntegerCheck } from "./safe-integers.js";
import { createStructureGuard, enoughIssues } from "./structure-guard.js";
import { mergeIssues, toIssues } from "./to-issues.js";
import { createTypeFirst } from "./type-first.js";
import { createViewShapes } from "./view-shape.js";

/** Options of the class-validator adapter. */
export interface ClassValidatorAdapterOptions {
  /**
   * Undeclared properties: "strip" (default: class-validator's `whitelist`), "reject" (a 400 issue
   * per property, like `forbidNonWhitelisted`) or "keep". Core's per-binding option, when given, wins.
   */
  readonly unknownProperties?: UnknownPropertyPolicy;
  /**
   * Passed to `validateSync` (groups, skipMissingProperties, stopAtFirstError, messages, ...).
   * `stopAtFirstError` defaults to true (one issue per property: the first that fails);
   * `whitelist` and `forbidNonWhitelisted` follow `unknownProperties`.
   */
  readonly validator?: Omit<ValidatorOptions, "whitelist" | "forbidNonWhitelisted">;
  /** Passed to class-transformer's `plainToInstance`; implicit conversion always stays off. */
  readonly transformer?: Omit<ClassTransformOptions, "enableImplicitConversion">;
}

type Model = ClassConstructor<object>;

const isPlainObject = (value: unknown): value is object =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** An object whose keys are all declared (none a key class-transformer skips) and hold scalars. */
function declaredScalarsOnly(input: unknown, allowed: ReadonlySet<string>): boolean {
  if (!isPlainObject(input)) return false;
  for (const key in input) {
    if (!Object.hasOwn(input, key)) return false;
    if (!allowed.has(key) || key === "__proto__" || key === "constructor") return false;
    const value = (input as Record<string, unknown>)[key];
    if (typeof value === "object" && value !== null) return false;
    if (typeof value === "function") return false;
  }
  return true;
}

// Every class reachable through @ValidateNested must name its class with @Type, or class-validator
// validates a plain object against nothing and rejects every request: say so at startup.
function assertNestedTypes(root: Function, planOf: (target: Function) => ClassPlan): void {
  const seen = new Set<Function>();
  const visit = (target: Function) => {
    if (seen.has(target)) return;
    seen.add(target);
    for (const property of planOf(target).properties) {
      const nested = property.nested;
      if (!nested) continue;
      if (!nested.typed) {
        throw new Error(
          `${target.name}.${property.name}: @ValidateNested() needs @Type(() => NestedClass) from class-transformer.`,
        );
      }
      if (nested.target) visit(nested.target);
      for (const subType of nested.discriminator?.subTypes.values() ?? []) visit(subType);
    }
  };
  visit(root);
}

/**
 * The class-validator schema adapter: model classes decorated with class-validator (and
 * class-transformer's `@Type` for nested models) are validated with `plainToInstance` +
 * `validateSync` (one issue per property by default) and documented from the same decorators;
 * each class is a component. `IsInt` means a safe integer (within ±(2^53 - 1)).
 *
 * @example
 * ```ts
 * import { createApp } from "@trellis/core";
 * import { classValidator } from "@trellis/adapter-class-validator";
 *
 * const app = createApp({ schema: classValidator(), controllers: [UserController] });
 * ```
 */
export function classValidator(options: ClassValidatorAdapterOptions = {}): SchemaAdapter {
  const validatorOptions = options.validator ?? {};
  const transformOptions: ClassTransformOptions = {
    ...options.transformer,
    enableImplicitConversion: false,
  };
  const planOf = createPlanReader(validatorOptions);
  // Compiled once per class, shared by every binding (and nested model) that uses it.
  const boundsOf = createArrayBounds(planOf, validatorOptions, options.transformer);
  const instantiatorOf = createInstantiators(planOf, boundsOf);
  const quickCheckOf = createQuickChecks(planOf, validatorOptions);
  // Both of the above in one generated function, for classes of built-in constraints only.
  const compiledOf = createCompiledModels(
    planOf,
    boundsOf,
    (model) => instantiatorOf(model) !== undefined && quickCheckOf(model) !== undefined,
  );
  // The views and copies model class-transformer's default options only.
  const exact = options.transformer === undefined;
  const viewShapeOf = createViewShapes(exact);
  const safeIntegers = createSafeIntegerCheck(planOf);

  // What user code throws (a custom constraint, a constructor) is core's to turn into an issue.
  const build = (model: Model, compileOptions: CompileOptions): Validator => {
    const { unknownProperties: policy, maxIssues: limit } = compileOptions;
    assertNestedTypes(model, planOf);
    const guard = createStructureGuard(
      planOf,
      viewShapeOf,
      boundsOf,
      policy,
      compileOptions.unknownPropertyIssue,
    );
    const settings: ValidatorOptions = {
      forbidUnknownValues: true,
      ...validatorOptions,
      // One issue per property unless asked otherwise: the first constraint that fails.
      stopAtFirstError: validatorOptions.stopAtFirstError ?? true,
      whitelist: policy !== "keep",
      forbidNonWhitelisted: policy === "reject",
      validationError: { target: false, value: false },
    };
    // A class without nested models needs no structure walk for an input of its declared keys
    // holding scalars: the walk would find nothing and hand the input on as it is.
    const { properties, allowed } = planOf(model);
    const flat = properties.every((property) => property.nested === undefined);
    const prepare = (input: unknown, found: ValidationIssue[]) =>
      flat && declaredScalarsOnly(input, allowed)
        ? { value: input, patch: undefined }
        : guard(input, model, found, limit);
    // The fast path: only without transformer options, for classes and inputs it models exactly.
    const instantiate = exact ? instantiatorOf(model) : undefined;
    const quickCheck = instantiate && quickCheckOf(model);
    const compiled = quickCheck && compiledOf(model);
    // One issue per property: a failing type check is the one reported (see type-first.ts).
    const reword = settings.stopAtFirstError ? createTypeFirst(planOf, settings) : undefined;
    const strip = policy === "strip";
    return (input): ValidationResult => {
      // A valid input under "strip": built and checked straight from the input, its undeclared
      // keys left out as the guard's view would leave them out (the guard finds nothing in it).
      if (strip && quickCheck && isPlainObject(input)) {
        const built = compiled?.(input as Record<string, unknown>);
        if (built !== undefined) return { ok: true, value: built };
        const fast = (instantiate as Instantiate)(input as Record<string, unknown>, true);
        if (fast !== undefined && quickCheck(fast)) return { ok: true, value: fast };
      }
      const found: ValidationIssue[] = [];
      // The guard's issues come first: when it has `limit` of them, they are the answer.
      const prepared = prepare(input, found);
      if (prepared === enoughIssues) return { ok: false, issues: found };
      // Only an object is transformed: plainToInstance maps arrays and throws on null.
      if (!isPlainObject(input)) return { ok: false, issues: found };
      // What class-transformer sees: the input, or a view of it without undeclared keys.
      const view = prepared.value as Record<string, unknown>;
      let fast: object | undefined;
      if (quickCheck && found.length === 0) {
        fast = (instantiate as Instantiate)(view);
        applyPatch(prepared.patch, fast);
        if (fast !== undefined && quickCheck(fast)) return { ok: true, value: fast };
      }
      // The same instance plainToInstance builds, when the fast path built one already.
      let instance = fast;
      if (instance === undefined) {
        instance = plainToInstance(model, view, transformOptions);
        applyPatch(prepared.patch, instance);
      }
      const checked = toIssues(validateSync(instance, settings), instance, reword);
      safeIntegers(instance, checked, settings.stopAtFirstError === true);
      const issues = mergeIssues(found, checked, limit);
      return issues.length === 0 ? { ok: true, value: instance } : { ok: false, issues };
    };
  };

  return {
    name: "class-validator",
    unknownProperties: options.unknownProperties,
    safeIntegers: true,
    isSchema: hasValidationMetadata,
    explainRefusal: (value) =>
      // A class; not a callable schema of another library (ArkType's, with `~standard`).
      typeof value === "function" && !("~standard" in value)
        ? {
            reason: `class ${value.name || "(anonymous)"} has no class-validator decorators on its properties (decorate them, for example @IsString())`,
          }
        : undefined,
    compile(schema, compileOptions): Validator {
      if (!hasValidationMetadata(schema)) {
        throw new Error("Not a class with class-validator decorators.");
      }
      return build(schema as Model, compileOptions);
    },
    toJsonSchema(schema, context) {
      if (!hasValidationMetadata(schema))
        throw new Error("Not a class with class-validator decorators.");
      return classToJsonSchema(schema, context, planOf);
    },
  };
}
