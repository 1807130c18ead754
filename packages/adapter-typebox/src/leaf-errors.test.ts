import { FormatRegistry, type TSchema, Type } from "@sinclair/typebox";
import { TypeCompiler } from "@sinclair/typebox/compiler";
import {
  DefaultErrorFunction,
  type ErrorFunctionParameter,
  SetErrorFunction,
} from "@sinclair/typebox/errors";
import { TypeSystemPolicy } from "@sinclair/typebox/system";
import { afterEach, describe, expect, it } from "vitest";
import { compileLeafErrors } from "./leaf-errors.js";

FormatRegistry.Set("leaf-test-upper", (value) => value === value.toUpperCase());

const schemas: Record<string, TSchema> = {
  string: Type.String(),
  bounded: Type.String({ minLength: 2, maxLength: 4 }),
  everything: Type.String({ minLength: 3, maxLength: 5, pattern: "^[a-z]+$", format: "email" }),
  custom: Type.String({ format: "leaf-test-upper" }),
  unknownFormat: Type.String({ format: "leaf-test-never-registered" }),
  number: Type.Number({ minimum: 0, maximum: 10, multipleOf: 0.5 }),
  exclusive: Type.Number({ exclusiveMinimum: 0, exclusiveMaximum: 1 }),
  integer: Type.Integer({ minimum: 1, maximum: 100, multipleOf: 3 }),
  exclusiveInteger: Type.Integer({ exclusiveMinimum: 1, exclusiveMaximum: 10 }),
  boolean: Type.Boolean(),
};

const values: unknown[] = [
  "",
  "a",
  "ab",
  "abcd",
  "abcdef",
  "ABC",
  "a@b.co",
  "ab@cd.ef",
  "Ab1",
  0,
  -1,
  0.25,
  1.5,
  3,
  7,
  11,
  101,
  Number.NaN,
  Number.POSITIVE_INFINITY,
  true,
  false,
  null,
  undefined,
  [],
  {},
  "12",
];

/** TypeBox's own walk of the value, as plain data. */
const walked = (schema: TSchema, value: unknown) => [...TypeCompiler.Compile(schema).Errors(value)];

describe("compileLeafErrors", () => {
  afterEach(() => {
    SetErrorFunction(DefaultErrorFunction);
    TypeSystemPolicy.AllowNaN = false;
  });

  it("gives TypeBox's errors for every scalar schema and value, in order, messages included", () => {
    for (const [name, schema] of Object.entries(schemas)) {
      const leaf = compileLeafErrors(schema);
      expect(leaf, name).toBeDefined();
      for (const value of values) {
        expect(leaf?.(value), `${name} ${String(value)}`).toEqual(walked(schema, value));
      }
    }
  });

  it("follows a custom error function and the NaN policy, as TypeBox does", () => {
    SetErrorFunction(
      (parameter: ErrorFunctionParameter) => `#${parameter.errorType} ${String(parameter.value)}`,
    );
    TypeSystemPolicy.AllowNaN = true;
    for (const schema of [schemas.everything, schemas.number] as TSchema[]) {
      const leaf = compileLeafErrors(schema);
      for (const value of values) expect(leaf?.(value)).toEqual(walked(schema, value));
    }
  });

  it("leaves every other schema to TypeBox's walk", () => {
    for (const schema of [
      Type.Object({ a: Type.String() }),
      Type.Array(Type.String()),
      Type.Union([Type.Literal("a"), Type.Literal("b")]),
      Type.Literal("a"),
      Type.Optional(Type.Null()),
    ]) {
      expect(compileLeafErrors(schema)).toBeUndefined();
    }
  });
});
