import { describe, expect, it } from "vitest";
import { toSchema31 } from "./schema-dialect-31.js";

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

// [what, JSON Schema in, OpenAPI 3.1 schema out]
const cases31: [string, unknown, unknown][] = [
  [
    "2020-12 kept",
    { type: ["string", "null"], const: "a", exclusiveMinimum: 1, examples: [1] },
    { type: ["string", "null"], const: "a", exclusiveMinimum: 1, examples: [1] },
  ],
  [
    "$schema removed",
    { $schema: "https://json-schema.org/draft/2020-12/schema", type: "string" },
    { type: "string" },
  ],
  [
    "definitions become $defs",
    { definitions: { A: { type: "string" } }, properties: { a: { $ref: "#/definitions/A" } } },
    { $defs: { A: { type: "string" } }, properties: { a: { $ref: "#/$defs/A" } } },
  ],
  [
    "draft-07 tuple becomes prefixItems",
    { type: "array", items: [{ type: "string" }], additionalItems: false },
    { type: "array", prefixItems: [{ type: "string" }], items: false },
  ],
  [
    "boolean exclusive bound becomes numeric",
    { type: "number", minimum: 2, exclusiveMinimum: true, exclusiveMaximum: false },
    { type: "number", exclusiveMinimum: 2 },
  ],
  [
    "nullable becomes a type array",
    { type: "string", nullable: true },
    { type: ["string", "null"] },
  ],
  [
    "nullable $ref becomes anyOf",
    { $ref: "#/components/schemas/User", nullable: true },
    { anyOf: [ref("User"), { type: "null" }] },
  ],
  [
    "additionalProperties false removed from allOf members",
    { allOf: [{ type: "object", additionalProperties: false }] },
    { allOf: [{ type: "object" }] },
  ],
  [
    "boolean schemas kept",
    { properties: { a: true, b: false } },
    { properties: { a: true, b: false } },
  ],
];

describe("toSchema31", () => {
  it.each(cases31)("%s", (_what, input, expected) => {
    const before = structuredClone(input);
    expect(toSchema31(input)).toEqual(expected);
    expect(input).toEqual(before); // the adapter's schema is never mutated
  });
});
