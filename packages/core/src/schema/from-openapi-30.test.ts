import { describe, expect, it } from "vitest";
import { fromOpenApi30 } from "./from-openapi-30.js";

describe("fromOpenApi30", () => {
  it("says nullable and boolean exclusive bounds the 2020-12 way, at any depth", () => {
    expect(
      fromOpenApi30({
        type: "object",
        properties: {
          name: { type: "string", nullable: true },
          role: { type: "string", enum: ["a", "b"], nullable: true },
          address: { allOf: [{ $ref: "#/components/schemas/Address" }], nullable: true },
          age: { type: "integer", minimum: 0, exclusiveMinimum: true, maximum: 9 },
          nullable: { type: "boolean", nullable: false },
        },
      }),
    ).toEqual({
      type: "object",
      properties: {
        name: { type: ["string", "null"] },
        role: { type: ["string", "null"], enum: ["a", "b", null] },
        address: {
          anyOf: [{ allOf: [{ $ref: "#/components/schemas/Address" }] }, { type: "null" }],
        },
        age: { type: "integer", exclusiveMinimum: 0, maximum: 9 },
        nullable: { type: "boolean" },
      },
    });
  });

  it("leaves a 2020-12 schema's content as it is, and data keywords untouched", () => {
    const schema = {
      type: ["string", "null"],
      exclusiveMaximum: 5,
      default: { nullable: true },
      enum: [{ nullable: true }],
    };
    expect(fromOpenApi30(schema)).toEqual(schema);
  });
});
