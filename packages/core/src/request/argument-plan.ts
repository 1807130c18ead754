import type { Binding, Operation, ParameterBinding } from "../operation/operation.js";
import type { ArgumentPlan, PlanContext } from "./argument-stages.js";
import { valueCoercer } from "./coerce.js";
import { planWhole } from "./plan-whole-location.js";
import { coerceInput, headerInput, propertyCoercers, type RawInput } from "./read-raw-input.js";
import { pointerToken, type RequestInputs, unreadable } from "./request-inputs.js";
import { schemaStage, validateReflected } from "./validate-argument.js";

/** A named path, query, header or cookie parameter: read, coerced, then validated. */
function planNamed(
  binding: ParameterBinding,
  operation: Operation,
  context: PlanContext,
): ArgumentPlan {
  const name = binding.name as string;
  const where = binding.in;
  const pointer = `/${pointerToken(name)}`;
  const coercer = valueCoercer(binding.jsonSchema, context.registry);
  const splitLists = where === "path" || where === "header";
  const position = operation.pathParams.indexOf(name);
  const source: (inputs: RequestInputs) => RawInput =
    where === "path"
      ? (inputs) => inputs.pathParam(position)
      : where === "query"
        ? (inputs) => inputs.query()[name]
        : where === "header"
          ? (inputs) => headerInput(inputs, name, pointer)
          : (inputs) => inputs.cookies()[name];
  return {
    read: (inputs) => coerceInput(source(inputs), coercer, splitLists, inputs, where, pointer),
    validate:
      schemaStage(binding.schema, where, pointer, operation, context.compiler) ??
      validateReflected(binding, pointer),
  };
}

/** Plans how each handler argument of an operation is read and validated. */
export function planArguments(
  operation: Operation,
  context: PlanContext,
): (ArgumentPlan | undefined)[] {
  const plans: (ArgumentPlan | undefined)[] = [];
  for (const binding of operation.bindings)
    plans[binding.index] = planBinding(binding, operation, context);
  return plans;
}

function planBinding(binding: Binding, operation: Operation, context: PlanContext): ArgumentPlan {
  if (binding.kind === "request") {
    const value = binding.read;
    return value === undefined
      ? { read: (inputs) => inputs.request, validate: undefined }
      : { read: (inputs) => value(inputs.request), validate: undefined };
  }
  if (binding.kind === "parameter") {
    return binding.name === undefined
      ? planWhole(binding, operation, context)
      : planNamed(binding, operation, context);
  }
  // Form fields arrive as strings: coerce them like query values; JSON is typed already.
  const properties =
    binding.contentType !== "application/json" && binding.jsonSchema
      ? propertyCoercers(binding.jsonSchema, context.registry)
      : undefined;
  const read = properties
    ? (inputs: RequestInputs) => {
        const body = inputs.body as Record<string, unknown> | undefined;
        if (body === undefined) return body;
        let ok = true;
        for (const [key, { coercer, pointer }] of properties) {
          const raw = body[key];
          if (
            typeof raw !== "string" &&
            !(Array.isArray(raw) && raw.every((item) => typeof item === "string"))
          ) {
            // A file part: one file under an array field is a list of one; several files under
            // a single-value field are refused as repeated text values are.
            if (raw instanceof Blob) {
              if (coercer.isArray) body[key] = [raw];
            } else if (Array.isArray(raw) && !coercer.isArray) {
              inputs.addIssue("body", pointer, "must be given once");
              ok = false;
            }
            continue;
          }
          const value = coerceInput(raw, coercer, false, inputs, "body", pointer);
          if (value === unreadable) ok = false;
          else body[key] = value;
        }
        return ok ? body : unreadable;
      }
    : (inputs: RequestInputs) => inputs.body;
  return {
    read,
    validate: schemaStage(binding.schema, "body", "", operation, context.compiler),
  };
}
