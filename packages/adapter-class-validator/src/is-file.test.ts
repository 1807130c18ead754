import type { Validator } from "@trellis/core/extend";
import "reflect-metadata";
import { coreCompileOptions } from "@trellis/testing";
import { IsOptional } from "class-validator";
import { describe, expect, it } from "vitest";
import { classValidator } from "./class-validator-adapter.js";
import { IsFile } from "./is-file.js";

class Upload {
  @IsFile({ maxSize: 4, mimeTypes: ["image/png"] }) avatar!: File;
  @IsOptional() @IsFile({ each: true }) files?: File[];
}

// class-validator answers synchronously.
const validate = classValidator().compile(Upload, {
  ...coreCompileOptions("body"),
  maxIssues: 10,
}) as Validator;
const png = (size: number, type = "image/png") =>
  new File([new Uint8Array(size)], "a.png", { type });
const issues = (input: unknown) => {
  const result = validate(input);
  return result.ok ? [] : result.issues.map(({ path, message }) => ({ path, message }));
};

describe("@IsFile", () => {
  it("hands the handler the uploaded File itself (class-transformer does not rebuild it)", () => {
    const avatar = png(4);
    const files = [png(1, "text/plain"), png(2, "text/plain")];
    const result = validate({ avatar, files });
    expect(result.ok).toBe(true);
    const value = result.ok ? (result.value as Upload) : undefined;
    expect(value).toBeInstanceOf(Upload);
    expect(value?.avatar).toBe(avatar);
    expect(value?.files).toEqual(files);
    expect(value?.files?.[0]).toBe(files[0]);
  });

  it("says what is wrong with the file, at its field", () => {
    expect(issues({ avatar: png(5) })).toEqual([
      { path: ["avatar"], message: "avatar must be a file of at most 4 bytes" },
    ]);
    expect(issues({ avatar: png(1, "image/gif") })).toEqual([
      { path: ["avatar"], message: "avatar must be a file of type image/png" },
    ]);
    expect(issues({ avatar: "text", files: ["x"] })).toEqual([
      { path: ["avatar"], message: "avatar must be a file" },
      { path: ["files"], message: "each value in files must be a file" },
    ]);
  });

  it("is documented as a file, and `each` as an array of files", () => {
    const adapter = classValidator();
    const defined = new Map<string, unknown>();
    adapter.toJsonSchema(Upload, {
      define: (name: string, _schema: unknown, build: () => unknown) => {
        defined.set(name, build());
        return { $ref: `#/components/schemas/${name}` };
      },
    } as never);
    expect(defined.get("Upload")).toEqual({
      type: "object",
      properties: {
        avatar: { type: "string", format: "binary", maxLength: 4, contentMediaType: "image/png" },
        // IsOptional also lets null through, as class-validator does.
        files: { type: ["array", "null"], items: { type: "string", format: "binary" } },
      },
      required: ["avatar"],
    });
  });
});
