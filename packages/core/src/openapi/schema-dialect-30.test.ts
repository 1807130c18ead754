import { describe, expect, it } from "vitest";
import { toSchema30 } from "./schema-dialect-30.js";

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

// [what, JSON Schema in, OpenAPI 3.0 schema out]
const cases30: [string, unknown, unknown][] = [
  ["plain string", { type: "string", minLength: 1 }, { type: "string", minLength: 1 }],
  ["nullable type array", { type: ["string", "null"] }, { type: "string", nullable: true }],
  [
    "several types split into anyOf",
    { type: ["string", "integer"], minLength: 2 },
    { minLength: 2, anyOf: [{ type: "string" }, { type: "integer" }] },
  ],
  [
    "several types with null",
    { type: ["string", "array", "null"], items: { type: "number" } },
    {
      anyOf: [
        { type: "string", nullable: true },
        { type: "array", items: { type: "number" } },
      ],
    },
  ],
  ["type null alone", { type: "null" }, { enum: [null], nullable: true }],
  ["const null", { const: null }, { enum: [null], nullable: true }],
  ["const", { type: "string", const: "on" }, { type: "string", enum: ["on"] }],
  ["enum with null", { enum: ["a", null] }, { enum: ["a", null], nullable: true }],
  [
    "anyOf with null type folds into the schema",
    { anyOf: [{ type: "string", format: "email" }, { type: "null" }] },
    { type: "string", format: "email", nullable: true },
  ],
  [
    "anyOf with const null and a $ref",
    { anyOf: [ref("User"), { const: null }] },
    { allOf: [ref("User")], nullable: true },
  ],
  [
    "oneOf with null and several members",
    { oneOf: [ref("Cat"), ref("Dog"), { type: "null" }] },
    { oneOf: [{ allOf: [ref("Cat")], nullable: true }, ref("Dog")] },
  ],
  [
    "anyOf enum with null adds null to the enum",
    { anyOf: [{ enum: ["a", "b"] }, { type: "null" }] },
    { enum: ["a", "b", null], nullable: true },
  ],
  [
    "numeric exclusiveMinimum",
    { type: "number", exclusiveMinimum: 0 },
    { type: "number", minimum: 0, exclusiveMinimum: true },
  ],
  [
    "numeric exclusiveMaximum with a looser maximum",
    { type: "number", maximum: 10, exclusiveMaximum: 5 },
    { type: "number", maximum: 5, exclusiveMaximum: true },
  ],
  [
    "stricter inclusive minimum wins",
    { type: "number", minimum: 3, exclusiveMinimum: 1 },
    { type: "number", minimum: 3 },
  ],
  [
    "boolean exclusive bound kept",
    { type: "number", minimum: 1, exclusiveMinimum: true },
    { type: "number", minimum: 1, exclusiveMinimum: true },
  ],
  [
    "examples become example",
    { type: "string", examples: ["a", "b"] },
    { type: "string", example: "a" },
  ],
  [
    "unknown keywords dropped",
    {
      $schema: "https://json-schema.org/draft/2020-12/schema",
      $id: "x",
      $anchor: "a",
      $comment: "c",
      type: "object",
      propertyNames: { pattern: "^a" },
      unevaluatedProperties: false,
      dependentRequired: { a: ["b"] },
      if: { required: ["a"] },
      // biome-ignore lint/suspicious/noThenProperty: a JSON Schema keyword, under test
      then: { required: ["b"] },
      else: {},
      contentMediaType: "text/plain",
      "x-keep": 1,
    },
    { type: "object", "x-keep": 1 },
  ],
  ["$defs dropped", { type: "object", $defs: { A: { type: "string" } } }, { type: "object" }],
  [
    "base64 content encoding becomes byte",
    { type: "string", contentEncoding: "base64" },
    { type: "string", format: "byte" },
  ],
  [
    "prefixItems best effort",
    { type: "array", prefixItems: [{ type: "string" }, { type: "number" }], items: false },
    { type: "array", items: { anyOf: [{ type: "string" }, { type: "number" }] }, maxItems: 2 },
  ],
  [
    "draft-07 tuple items",
    { type: "array", items: [{ type: "string" }, { type: "string" }] },
    { type: "array", items: { type: "string" } },
  ],
  ["array without items gets items", { type: "array" }, { type: "array", items: {} }],
  [
    "patternProperties become additionalProperties",
    {
      type: "object",
      patternProperties: { "^(.*)$": { type: "integer" } },
      additionalProperties: false,
    },
    { type: "object", additionalProperties: { type: "integer" } },
  ],
  [
    "nested properties converted",
    {
      type: "object",
      properties: { a: { type: ["integer", "null"] }, b: { const: 1 } },
      required: ["a"],
    },
    {
      type: "object",
      properties: { a: { type: "integer", nullable: true }, b: { enum: [1] } },
      required: ["a"],
    },
  ],
  ["empty required dropped", { type: "object", required: [] }, { type: "object" }],
  [
    "$ref siblings wrapped in allOf",
    { $ref: "#/components/schemas/User", description: "the owner" },
    { description: "the owner", allOf: [ref("User")] },
  ],
  [
    "nullable next to $ref",
    { $ref: "#/components/schemas/User", nullable: true },
    { allOf: [ref("User")], nullable: true },
  ],
  ["bare $ref kept", ref("User"), ref("User")],
  [
    "additionalProperties false removed from allOf members",
    { allOf: [{ type: "object", additionalProperties: false }, ref("B")] },
    { allOf: [{ type: "object" }, ref("B")] },
  ],
  [
    "boolean schemas",
    { type: "object", properties: { a: true, b: false } },
    { type: "object", properties: { a: {}, b: { not: {} } } },
  ],
  // The common shapes, converted key by key (simple30, the fast path), and their near misses.
  [
    "a model: properties, required, bounds, formats, data keywords, extensions",
    {
      description: "A user",
      type: "object",
      required: ["id", "id", 7, "name"],
      properties: {
        id: { type: "string", format: "uuid", "x-internal": true },
        name: { type: "string", minLength: 1, maxLength: 100, default: "Ada", example: "Ada" },
        age: { type: "integer", minimum: 0, maximum: 150 },
        tags: { type: "array", items: { type: "string" }, maxItems: 10 },
        role: { type: "string", enum: ["admin", "member"] },
        meta: { type: "object", additionalProperties: { type: "number" } },
        home: ref("Address"),
      },
      additionalProperties: false,
    },
    {
      description: "A user",
      type: "object",
      required: ["id", "name"],
      properties: {
        id: { type: "string", format: "uuid", "x-internal": true },
        name: { type: "string", minLength: 1, maxLength: 100, default: "Ada", example: "Ada" },
        age: { type: "integer", minimum: 0, maximum: 150 },
        tags: { type: "array", items: { type: "string" }, maxItems: 10 },
        role: { type: "string", enum: ["admin", "member"] },
        meta: { type: "object", additionalProperties: { type: "number" } },
        home: ref("Address"),
      },
      additionalProperties: false,
    },
  ],
  ["an empty required list dropped", { type: "object", required: [] }, { type: "object" }],
  ["an array without items gets {}", { type: "array" }, { type: "array", items: {} }],
  [
    "$ref with a sibling moves into allOf",
    { $ref: "#/components/schemas/User", description: "the owner" },
    { description: "the owner", allOf: [ref("User")] },
  ],
  [
    "a keyword 3.0 lacks, next to plain ones",
    { type: "string", minLength: 1, examples: ["a"] },
    { type: "string", minLength: 1, example: "a" },
  ],
];

describe("toSchema30", () => {
  it.each(cases30)("%s", (_what, input, expected) => {
    const before = structuredClone(input);
    expect(toSchema30(input)).toEqual(expected);
    expect(input).toEqual(before); // the adapter's schema is never mutated
  });
});
