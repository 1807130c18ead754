import { describe, expect, it } from "vitest";
import { schemaFrom30 } from "./openapi-to-json-schema.js";

describe("schemaFrom30", () => {
  it("turns nullable into a type array, also in nested schemas, and leaves property names alone", () => {
    expect(
      schemaFrom30({
        type: "object",
        properties: {
          nullable: { type: "string", nullable: true },
          n: { $ref: "#/x", nullable: true },
        },
        items: { enum: ["a"], nullable: true },
      }),
    ).toEqual({
      type: "object",
      properties: {
        nullable: { type: ["string", "null"] },
        n: { anyOf: [{ $ref: "#/x" }, { type: "null" }] },
      },
      items: { enum: ["a", null] },
    });
  });

  it("turns boolean exclusive bounds into numbers", () => {
    expect(
      schemaFrom30({
        type: "integer",
        minimum: 1,
        exclusiveMinimum: true,
        maximum: 9,
        exclusiveMaximum: false,
      }),
    ).toEqual({
      type: "integer",
      exclusiveMinimum: 1,
      maximum: 9,
    });
  });

  it("keeps data keywords (enum, default, example) as they are", () => {
    const schema = {
      enum: [{ nullable: true }],
      default: { exclusiveMinimum: true },
      example: [1],
    };
    expect(schemaFrom30(schema)).toEqual(schema);
  });
});
