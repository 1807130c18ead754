import type { InputLocation } from "../errors/http-exception.js";
import type { Operation, ParameterBinding } from "../operation/operation.js";
import type { MaybeAsyncValidator, ValidationResult } from "../schema/schema-adapter.js";
import type { SchemaCompiler } from "../schema/schema-compiler.js";
import { type ArgumentPlan, PendingArgument } from "./argument-stages.js";
import { maxIssues, pointerToken, type RequestInputs, unreadable } from "./request-inputs.js";

/** The validate stage of a validator: its issues go to the request's, under `prefix`. */
export function validateWith(
  validator: MaybeAsyncValidator,
  where: InputLocation,
  prefix: string,
): NonNullable<ArgumentPlan["validate"]> {
  const settle = (result: ValidationResult, inputs: RequestInputs): unknown => {
    if (result.ok) return result.value;
    if (result.issues.length === 0) inputs.addIssue(where, prefix, "is invalid");
    for (const issue of result.issues) {
      if (inputs.issues !== undefined && inputs.issues.length >= maxIssues) break;
      let path = prefix;
      for (const token of issue.path) path += `/${pointerToken(token)}`;
      inputs.addIssue(where, path, issue.message);
    }
    return unreadable;
  };
  return (value: unknown, inputs: RequestInputs): unknown => {
    if (value === unreadable) return value;
    const result = validator(value);
    return result instanceof Promise
      ? new PendingArgument(result.then((settled) => settle(settled, inputs)))
      : settle(result, inputs);
  };
}

const reflectedMessages: Record<string, string> = {
  number: "must be a number",
  boolean: "must be true or false",
};

// A named binding without a schema: typed by its reflected type, checked by core.
export function validateReflected(
  binding: ParameterBinding,
  pointer: string,
): NonNullable<ArgumentPlan["validate"]> {
  const type = binding.jsonSchema.type as string;
  const message = reflectedMessages[type];
  return (value: unknown, inputs: RequestInputs): unknown => {
    if (value === unreadable) return value;
    if (value === undefined) {
      if (binding.required) inputs.addIssue(binding.in, pointer, "is required");
      return value;
    }
    if (message !== undefined && typeof value !== type) {
      inputs.addIssue(binding.in, pointer, message);
      return unreadable;
    }
    return value;
  };
}

// The validate stage of a binding with a schema: its validator, compiled once at startup.
export function schemaStage(
  schema: unknown,
  where: InputLocation,
  prefix: string,
  operation: Operation,
  compiler: SchemaCompiler,
): ArgumentPlan["validate"] {
  if (schema === undefined) return undefined;
  const handler = `${operation.controller.name}.${operation.handlerName}`;
  return validateWith(compiler.compile(schema, where, handler), where, prefix);
}
