import { toStandardJsonSchema } from "@valibot/to-json-schema";
import { type } from "arktype";
import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { arktypeFileOptions, fileCheck, fileJsonSchema, valibotFileOptions } from "./index.js";

const input = (schema: unknown, libraryOptions: Record<string, unknown>) =>
  (
    schema as {
      "~standard": { jsonSchema: { input(o: object): Record<string, unknown> } };
    }
  )["~standard"].jsonSchema.input({ target: "draft-2020-12", libraryOptions });

const png = (size: number) => new File([new Uint8Array(size)], "a.png", { type: "image/png" });

describe("fileJsonSchema", () => {
  it("writes a file, its size and one media type as contentMediaType", () => {
    expect(fileJsonSchema({ maxSize: 10, minSize: 1, mimeTypes: ["image/png"] })).toEqual({
      type: "string",
      format: "binary",
      maxLength: 10,
      minLength: 1,
      contentMediaType: "image/png",
    });
  });

  it("writes several media types as anyOf members, none as any file", () => {
    expect(fileJsonSchema({ mimeTypes: ["image/png", "image/jpeg"] })).toEqual({
      type: "string",
      format: "binary",
      anyOf: [{ contentMediaType: "image/png" }, { contentMediaType: "image/jpeg" }],
    });
    expect(fileJsonSchema()).toEqual({ type: "string", format: "binary" });
  });
});

describe("valibotFileOptions", () => {
  it("documents v.file() with its size and media-type actions", () => {
    const schema = v.pipe(v.file(), v.minSize(1), v.maxSize(64), v.mimeType(["image/png"]));
    expect(input(toStandardJsonSchema(schema), { ...valibotFileOptions })).toMatchObject({
      type: "string",
      format: "binary",
      minLength: 1,
      maxLength: 64,
      contentMediaType: "image/png",
    });
  });

  it("leaves other schemas to Valibot's converter", () => {
    const schema = v.pipe(v.string(), v.maxLength(3));
    expect(input(toStandardJsonSchema(schema), { ...valibotFileOptions })).toMatchObject({
      type: "string",
      maxLength: 3,
    });
  });
});

describe("fileCheck and arktypeFileOptions", () => {
  const Avatar = type.instanceOf(File).narrow(fileCheck({ maxSize: 8, mimeTypes: ["image/png"] }));

  it("checks the size and the media type", () => {
    expect(Avatar(png(8))).toBeInstanceOf(File);
    expect(Avatar(png(9))).toBeInstanceOf(type.errors);
    expect(Avatar(new File(["x"], "a.gif", { type: "image/gif" }))).toBeInstanceOf(type.errors);
    expect(String(Avatar(png(9)))).toContain("at most 8 bytes");
  });

  it("documents the file and its limits", () => {
    expect(input(Avatar, arktypeFileOptions)).toMatchObject({
      type: "string",
      format: "binary",
      maxLength: 8,
      contentMediaType: "image/png",
    });
    expect(input(type.instanceOf(Blob), arktypeFileOptions)).toMatchObject({
      type: "string",
      format: "binary",
    });
  });

  it("leaves other narrows and classes as ArkType's standard fallback writes them", () => {
    const short = type("string").narrow((s) => s.length < 3);
    expect(input(short, arktypeFileOptions)).toMatchObject({ type: "string" });
    expect(input(type.instanceOf(Date), arktypeFileOptions)).not.toHaveProperty("format");
  });
});
