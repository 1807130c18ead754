import { describe, expect, it } from "vitest";
import { fileMediaTypes, isFileSchema } from "./file-schema.js";
import { toOpenApiSchema } from "./schema-dialect.js";

const zodStyle = {
  type: "string",
  format: "binary",
  contentEncoding: "binary",
  maxLength: 1000,
  anyOf: [{ contentMediaType: "image/png" }, { contentMediaType: "image/jpeg" }],
};

describe("file schemas", () => {
  it("recognises a file node and its media types", () => {
    expect(isFileSchema(zodStyle)).toBe(true);
    expect(isFileSchema({ type: "string", format: "uuid" })).toBe(false);
    expect(fileMediaTypes(zodStyle)).toEqual(["image/png", "image/jpeg"]);
    expect(
      fileMediaTypes({ type: "string", format: "binary", contentMediaType: "text/csv" }),
    ).toEqual(["text/csv"]);
    expect(fileMediaTypes({ type: "string", format: "binary" })).toEqual([]);
  });

  it("writes format: binary in 3.0 and contentMediaType in 3.1", () => {
    expect(toOpenApiSchema(zodStyle, "3.0")).toEqual({
      type: "string",
      format: "binary",
      maxLength: 1000,
    });
    expect(toOpenApiSchema(zodStyle, "3.1")).toEqual({
      type: "string",
      contentMediaType: "application/octet-stream",
      maxLength: 1000,
    });
    const one = {
      type: "string",
      format: "binary",
      contentMediaType: "image/png",
      description: "a",
    };
    expect(toOpenApiSchema(one, "3.1")).toEqual({
      type: "string",
      contentMediaType: "image/png",
      description: "a",
    });
    expect(toOpenApiSchema({ type: "array", items: one }, "3.0")).toEqual({
      type: "array",
      items: { type: "string", format: "binary", description: "a" },
    });
  });
});
