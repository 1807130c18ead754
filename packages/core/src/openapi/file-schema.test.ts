import { schema } from "@trellis/testing";
import { describe, expect, it } from "vitest";
import { Body } from "../decorators/bindings.js";
import { Route } from "../decorators/route.js";
import { Put } from "../decorators/verbs.js";
import { testApp } from "../test-helpers/test-app.js";
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
    const orNull = { type: ["string", "null"], format: "binary" };
    expect(toOpenApiSchema(orNull, "3.0")).toEqual({
      type: "string",
      format: "binary",
      nullable: true,
    });
    expect(toOpenApiSchema(orNull, "3.1")).toEqual({
      type: ["string", "null"],
      contentMediaType: "application/octet-stream",
    });
    expect(toOpenApiSchema({ type: "array", items: one }, "3.0")).toEqual({
      type: "array",
      items: { type: "string", format: "binary", description: "a" },
    });
  });
});

const Avatar = schema(
  {
    type: "object",
    properties: {
      name: { type: "string" },
      avatar: zodStyle,
      scans: {
        type: "array",
        items: { type: "string", format: "binary", contentMediaType: "image/tiff" },
      },
      notes: { type: "array", items: { type: "string", format: "binary" } },
    },
  },
  "AvatarUpload",
);

@Route("/avatars")
class AvatarController {
  @Put()
  put(@Body(Avatar, { contentType: "multipart/form-data" }) _input: unknown) {}
}

describe("multipart request bodies", () => {
  it("list the declared media types of file fields (and arrays of files) in `encoding`", () => {
    for (const version of ["3.0", "3.1"] as const) {
      const { document } = testApp([AvatarController], { openapi: { version } });
      const content = (document as any).paths["/avatars"].put.requestBody.content;
      expect(content["multipart/form-data"]).toEqual({
        schema: { $ref: "#/components/schemas/AvatarUpload" },
        encoding: {
          avatar: { contentType: "image/png, image/jpeg" },
          scans: { contentType: "image/tiff" },
        },
      });
    }
  });
});
