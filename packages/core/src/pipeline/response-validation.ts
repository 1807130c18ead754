import { type ResponseState, statusSlot } from "../controller/response-state.js";
import { configError } from "../errors/core-config-error.js";
import { InternalServerErrorException } from "../errors/http-exceptions.js";
import type { Logger } from "../errors/logger.js";
import type { Operation } from "../operation/operation.js";
import { PendingArgument } from "../request/argument-stages.js";
import type {
  MaybeAsyncValidator,
  ValidationIssue,
  ValidationResult,
} from "../schema/schema-adapter.js";
import type { SchemaCompiler } from "../schema/schema-compiler.js";

/**
 * Response validation: `true` validates what handlers return against the `@Returns` schema of
 * the status they answer with; `{ strip: true }` also removes undeclared properties before
 * sending. `false` (the default) validates nothing.
 */
export type ResponseValidation = boolean | { readonly strip?: boolean };

/**
 * Stage "response validation": the value to send (stripped, when asked), or a throw for a 500; a
 * `PendingArgument` holding either when the validator answered with a promise.
 */
export type ResponseCheck = (state: ResponseState, value: unknown) => unknown;

// Statuses whose responses carry no body: nothing to validate.
const noBody = new Set([204, 205, 304]);

/** A checked response validation setting: off, or on (stripping undeclared properties or not). */
export type ResponseValidationMode = false | { readonly strip: boolean };

/** Checks a `validateResponse` / `@ValidateResponse` value (undefined is off). */
export function parseResponseValidation(setting: unknown, where: string): ResponseValidationMode {
  if (setting === undefined || setting === false) return false;
  if (setting === true) return { strip: false };
  if (setting !== null && typeof setting === "object" && !Array.isArray(setting)) {
    const { strip, ...rest } = setting as { strip?: unknown };
    const unknown = Object.keys(rest);
    if ((strip === undefined || typeof strip === "boolean") && unknown.length === 0) {
      return { strip: strip === true };
    }
  }
  throw configError("INVALID_RESPONSE_VALIDATION", [where]);
}

function arrayOf(item: MaybeAsyncValidator): MaybeAsyncValidator {
  return (input) => {
    if (!Array.isArray(input)) {
      return { ok: false, issues: [{ path: [], message: "must be an array" }] };
    }
    const results = input.map((value) => item(value));
    const combine = (settled: readonly ValidationResult[]): ValidationResult => {
      const values: unknown[] = new Array(settled.length);
      const issues: ValidationIssue[] = [];
      for (const [index, result] of settled.entries()) {
        if (result.ok) values[index] = result.value;
        else
          for (const issue of result.issues)
            issues.push({ ...issue, path: [index, ...issue.path] });
      }
      return issues.length > 0 ? { ok: false, issues } : { ok: true, value: values };
    };
    return results.some((result) => result instanceof Promise)
      ? Promise.all(results).then(combine)
      : combine(results as ValidationResult[]);
  };
}

/**
 * Compiles the response check of an operation, or undefined when it validates nothing (off, or
 * no declared response has a schema). A status without a schema, a returned `Response` and an
 * empty body pass unchecked. A mismatch is logged with its issues and becomes a 500 whose body
 * says nothing about the value.
 */
export function compileResponseCheck(
  operation: Operation,
  mode: ResponseValidationMode,
  compiler: SchemaCompiler,
  logger: Logger,
): ResponseCheck | undefined {
  if (mode === false) return undefined;
  const where = `${operation.controller.name}.${operation.handlerName}`;
  const validators = new Map<number, MaybeAsyncValidator>();
  for (const response of operation.responses) {
    if (response.schema === undefined) continue;
    const item = compiler.compile(
      response.schema,
      "response",
      `${where} (@Returns ${response.status})`,
      mode.strip ? "strip" : "keep",
    );
    validators.set(response.status, response.isArray ? arrayOf(item) : item);
  }
  if (validators.size === 0) return undefined;

  return (state, value) => {
    if (value === undefined || value instanceof Response) return value;
    const status = state[statusSlot] ?? 200;
    if (noBody.has(status)) return value;
    const validate = validators.get(status);
    if (validate === undefined) return value;
    const judge = (result: ValidationResult): unknown => {
      if (result.ok) return mode.strip ? result.value : value;
      logger.error(
        `Response validation failed in ${where} (status ${status}): the value does not match its @Returns schema`,
        result.issues,
      );
      throw new InternalServerErrorException("An unexpected error occurred.");
    };
    let result: ValidationResult | Promise<ValidationResult>;
    try {
      result = validate(value);
    } catch (error) {
      result = {
        ok: false,
        issues: [{ path: [], message: `the validator threw: ${String(error)}` }],
      };
    }
    // An asynchronous validator's verdict: the route serializes once it settles.
    return result instanceof Promise ? new PendingArgument(result.then(judge)) : judge(result);
  };
}
