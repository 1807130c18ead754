import { Type } from "@sinclair/typebox";
import type { Validator } from "@trellis/core/extend";
import { coreCompileOptions } from "@trellis/testing";
import Type1 from "typebox";
import { describe, expect, it } from "vitest";
import { FileType } from "./file-type.js";
import { typebox } from "./typebox-adapter.js";

const Upload = Type.Object({
  avatar: FileType({ maxSize: 4, mimeTypes: ["image/png"] }),
  files: Type.Array(FileType()),
});

// TypeBox validates synchronously.
const validate = typebox().compile(Upload, {
  ...coreCompileOptions("body"),
  maxIssues: 10,
}) as Validator;
const png = (size: number, type = "image/png") =>
  new File([new Uint8Array(size)], "a.png", { type });

describe("FileType", () => {
  it("accepts a file within its limits, as the same File", () => {
    const avatar = png(4);
    const result = validate({ avatar, files: [png(100, "text/plain")] });
    expect(result.ok).toBe(true);
    expect(result.ok && (result.value as { avatar: File }).avatar).toBe(avatar);
  });

  it("says what is wrong with the file, at its field", () => {
    const issues = (input: unknown) => {
      const result = validate(input);
      return result.ok ? [] : result.issues.map(({ path, message }) => ({ path, message }));
    };
    expect(issues({ avatar: png(5), files: [] })).toContainEqual({
      path: ["avatar"],
      message: "Expected a file of at most 4 bytes",
    });
    expect(issues({ avatar: png(1, "image/gif"), files: [] })).toContainEqual({
      path: ["avatar"],
      message: "Expected a file of type image/png",
    });
    expect(issues({ avatar: "text", files: ["x"] })).toEqual(
      expect.arrayContaining([
        { path: ["avatar"], message: "Expected a file" },
        { path: ["files", 0], message: "Expected a file" },
      ]),
    );
  });
});

describe("FileType with TypeBox 1.x", () => {
  const Upload1 = Type1.Object({ avatar: FileType({ maxSize: 4, mimeTypes: ["image/png"] }) });
  const validate1 = typebox().compile(Upload1, {
    ...coreCompileOptions("body"),
    maxIssues: 10,
  }) as Validator;

  it("checks the file through the same schema, with the same messages", () => {
    const avatar = png(4);
    const accepted = validate1({ avatar });
    expect(accepted.ok && (accepted.value as { avatar: File }).avatar).toBe(avatar);
    const refused = validate1({ avatar: png(5) });
    expect(refused.ok ? [] : refused.issues.map(({ message }) => message)).toEqual([
      "Expected a file of at most 4 bytes",
    ]);
  });

  it("documents it as a file, without the option keys", () => {
    const schema = typebox().toJsonSchema(Upload1, {
      define: (_name: string, _schema: unknown, build: () => unknown) => build(),
    } as never) as { properties: { avatar: unknown } };
    expect(schema.properties.avatar).toEqual({
      type: "string",
      format: "binary",
      maxLength: 4,
      contentMediaType: "image/png",
    });
  });
});
