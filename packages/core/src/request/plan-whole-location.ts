import { headerValueUtf8 } from "../http/strict-utf8.js";
import type { Operation, ParameterBinding } from "../operation/operation.js";
import { setOwn } from "../schema/set-own.js";
import type { ArgumentPlan, PlanContext } from "./argument-stages.js";
import { coerceInput, headerInput, propertyCoercers, type RawInput } from "./read-raw-input.js";
import { pointerToken, type RequestInputs, unreadable } from "./request-inputs.js";
import { schemaStage } from "./validate-argument.js";

// A whole location bound to one object: every value of it, declared properties coerced.
export function planWhole(
  binding: ParameterBinding,
  operation: Operation,
  context: PlanContext,
): ArgumentPlan {
  const where = binding.in;
  const properties = propertyCoercers(binding.jsonSchema, context.registry);
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
    // Each parameter's coercer found at startup: no lookup by name per request.
    const byPosition = names.map((name) => properties.get(name));
    const plainNames = names.every((name) => name !== "__proto__");
    read = (inputs) => {
      const object = newObject();
      let ok = true;
      for (let index = 0; index < names.length; index++) {
        const name = names[index] as string;
        const raw = inputs.pathParam(index);
        const property = byPosition[index];
        if (property === undefined || !plainNames) {
          ok = fill(object, name, raw, inputs) && ok;
          continue;
        }
        const value = coerceInput(raw, property.coercer, true, inputs, where, property.pointer);
        if (value === unreadable) ok = false;
        else object[name] = value;
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
      // Both records have no prototype: `in` lists exactly their own keys, without an array.
      for (const key in record) ok = fill(object, key, record[key], inputs) && ok;
      return ok ? object : unreadable;
    };
  }
  return {
    read,
    validate: schemaStage(binding.schema, where, "", operation, context.compiler),
  };
}
