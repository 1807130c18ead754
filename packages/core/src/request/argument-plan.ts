import type { InputLocation } from "../errors/http-exception.js";
import { headerValueUtf8 } from "../http/strict-utf8.js";
import type { Binding, Operation, ParameterBinding } from "../operation/operation.js";
import type { JsonSchema } from "../schema/json-schema.js";
import { objectProperties } from "../schema/object-properties.js";
import type { MaybeAsyncValidator, ValidationResult } from "../schema/schema-adapter.js";
import type { SchemaCompiler } from "../schema/schema-compiler.js";
import type { SchemaRegistry } from "../schema/schema-registry.js";
import { setOwn } from "../schema/set-own.js";
import { type ValueCoercer, valueCoercer } from "./coerce.js";
import { maxIssues, pointerToken, type RequestInputs, unreadable } from "./request-inputs.js";

/** How one handler argument is produced, decided at startup. */
export interface ArgumentPlan {
  /** Stage "read inputs": the value taken from the request and coerced, or `unreadable`. */
  read(inputs: RequestInputs): unknown;
  /**
   * Stage "validate": the validated (possibly transformed) value; issues go to `inputs`. A
   * validator that answers later gives a `PendingArgument`, which the route awaits.
   */
  readonly validate: ((value: unknown, inputs: RequestInputs) => unknown) | undefined;
}

/** An argument whose validation answered with a promise (an asynchronous Standard Schema check). */
export class PendingArgument {
  constructor(readonly settled: Promise<unknown>) {}
}

/** What planning the arguments of one operation needs. */
export interface PlanContext {
  readonly registry: SchemaRegistry;
  readonly compiler: SchemaCompiler;
}

type RawInput = string | string[] | undefined | typeof unreadable;

/** A header's value read as UTF-8 (`unreadable`, with an issue, when its bytes are not UTF-8). */
function headerInput(inputs: RequestInputs, name: string, pointer: string): RawInput {
  const value = inputs.request.headers.get(name);
  if (value === null) return undefined;
  const text = headerValueUtf8(value);
  if (text !== undefined) return text;
  inputs.addIssue("header", pointer, "must be valid UTF-8");
  return unreadable;
}

/** Coerces a raw string input; a repeated value where one is expected is an issue. */
function coerceInput(
  raw: RawInput,
  coercer: ValueCoercer,
  splitLists: boolean,
  inputs: RequestInputs,
  where: InputLocation,
  pointer: string,
): unknown {
  if (raw === undefined || raw === unreadable) return raw;
  if (typeof raw === "string") {
    if (!coercer.isArray) return coercer.item(raw);
    const items = splitLists ? raw.split(",").map((item) => item.trim()) : [raw];
    return items.map(coercer.item);
  }
  if (coercer.isArray) return raw.map(coercer.item);
  inputs.addIssue(where, pointer, "must be given once");
  return unreadable;
}

function validateWith(validator: MaybeAsyncValidator, where: InputLocation, prefix: string) {
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
function validateReflected(binding: ParameterBinding, pointer: string) {
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
      schemaStage(binding.schema, where, pointer, operation, context) ??
      validateReflected(binding, pointer),
  };
}

/** A declared property's coercer and its JSON Pointer (for issues), both made at startup. */
interface PropertyCoercer {
  readonly coercer: ValueCoercer;
  readonly pointer: string;
}

function coercers(schema: JsonSchema, registry: SchemaRegistry): Map<string, PropertyCoercer> {
  const result = new Map<string, PropertyCoercer>();
  for (const [name, property] of objectProperties(schema, registry)) {
    result.set(name, {
      coercer: valueCoercer(property, registry),
      pointer: `/${pointerToken(name)}`,
    });
  }
  return result;
}

// A whole location bound to one object: every value of it, declared properties coerced.
function planWhole(
  binding: ParameterBinding,
  operation: Operation,
  context: PlanContext,
): ArgumentPlan {
  const where = binding.in;
  const properties = coercers(binding.jsonSchema, context.registry);
  const names = operation.pathParams;
  const splitLists = where === "path" || where === "header";
  // The object gets an ordinary prototype, as adapters answer (TypeBox then hands clean input on
  // uncopied), unless the model declares a property named like an `Object.prototype` member: a
  // missing value must then read as undefined, never as the inherited member.
  const ordinary = [...properties.keys()].every((name) => !(name in Object.prototype));
  const newObject: () => Record<string, unknown> = ordinary
    ? () => ({})
    : () => Object.create(null);

  const fill = (
    target: Record<string, unknown>,
    key: string,
    raw: RawInput,
    inputs: RequestInputs,
  ): boolean => {
    const property = properties.get(key);
    const value = property
      ? coerceInput(raw, property.coercer, splitLists, inputs, where, property.pointer)
      : raw;
    if (value === unreadable) return false;
    // A `__proto__` key (`?__proto__=x`) stays data: it never sets the object's prototype.
    if (key === "__proto__") setOwn(target, key, value);
    else target[key] = value;
    return true;
  };

  let read: (inputs: RequestInputs) => unknown;
  if (where === "path") {
    read = (inputs) => {
      const object = newObject();
      let ok = true;
      for (let index = 0; index < names.length; index++) {
        ok = fill(object, names[index] as string, inputs.pathParam(index), inputs) && ok;
      }
      return ok ? object : unreadable;
    };
  } else if (where === "header") {
    const declared = [...properties.keys()];
    read = (inputs) => {
      const object = newObject();
      const headers = inputs.request.headers;
      let ok = true;
      if (declared.length === 0) {
        for (const [key, value] of headers) {
          const text = headerValueUtf8(value);
          if (text === undefined) {
            inputs.addIssue("header", `/${pointerToken(key)}`, "must be valid UTF-8");
            ok = false;
          } else setOwn(object, key, text);
        }
        return ok ? object : unreadable;
      }
      for (const key of declared) {
        const value = headerInput(inputs, key, `/${pointerToken(key)}`);
        if (value === unreadable) ok = false;
        else if (value !== undefined) ok = fill(object, key, value, inputs) && ok;
      }
      return ok ? object : unreadable;
    };
  } else {
    read = (inputs) => {
      const record = where === "query" ? inputs.query() : inputs.cookies();
      const object = newObject();
      let ok = true;
      for (const key of Object.keys(record)) ok = fill(object, key, record[key], inputs) && ok;
      return ok ? object : unreadable;
    };
  }
  return {
    read,
    validate: schemaStage(binding.schema, where, "", operation, context),
  };
}

// The validate stage of a binding with a schema: its validator, compiled once at startup.
function schemaStage(
  schema: unknown,
  where: InputLocation,
  prefix: string,
  operation: Operation,
  context: PlanContext,
): ArgumentPlan["validate"] {
  if (schema === undefined) return undefined;
  const validator = context.compiler.compile(
    schema,
    where,
    `${operation.controller.name}.${operation.handlerName}`,
  );
  return validateWith(validator, where, prefix);
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
  if (binding.kind === "request") return { read: (inputs) => inputs.request, validate: undefined };
  if (binding.kind === "parameter") {
    return binding.name === undefined
      ? planWhole(binding, operation, context)
      : planNamed(binding, operation, context);
  }
  // Form fields arrive as strings: coerce them like query values; JSON is typed already.
  const properties =
    binding.contentType !== "application/json" && binding.jsonSchema
      ? coercers(binding.jsonSchema, context.registry)
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
    validate: schemaStage(binding.schema, "body", "", operation, context),
  };
}
