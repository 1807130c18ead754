import { describe, expect, it } from "vitest";
import { missingJsonSchema, whyNotRecognised } from "./foreign-schema.js";

describe("whyNotRecognised", () => {
  it("names the adapter to use for another library's schema", () => {
    const zodLike = { _zod: { def: {} }, safeParse: () => ({}) };
    expect(whyNotRecognised(zodLike, "class-validator")).toBe(
      "it looks like a Zod schema: pass zod() from @trellis/adapter-zod as createApp's `schema`",
    );
    const typeboxLike = { [Symbol.for("TypeBox.Kind")]: "Object", type: "object" };
    expect(whyNotRecognised(typeboxLike, "zod")).toContain(
      "typebox() from @trellis/adapter-typebox",
    );
    const valibotLike = { kind: "schema", type: "object", "~run": () => ({}) };
    expect(whyNotRecognised(valibotLike, "typebox")).toContain(
      "valibot() from @trellis/adapter-valibot",
    );
    expect(whyNotRecognised(zodLike, "zod")).toContain(
      "not one of the version this adapter supports",
    );
  });

  it("says why a class or a plain value is not a schema", () => {
    class CreateOrder {}
    expect(whyNotRecognised(CreateOrder, "class-validator")).toBe(
      "class CreateOrder has no class-validator decorators on its properties (decorate them, for example @IsString())",
    );
    expect(whyNotRecognised(CreateOrder, "zod")).toContain("classValidator()");
    expect(whyNotRecognised(undefined, "zod")).toContain("import cycle");
    expect(whyNotRecognised({ type: "object" }, "zod")).toContain("plain JSON Schema");
    expect(whyNotRecognised({ a: 1 }, "zod")).toBe("it is a plain object, not a schema");
    expect(whyNotRecognised(42, "zod")).toBe("it is a number, not a schema");
  });

  it("points Standard Schema values to standardSchema(), and names the fix for a missing JSON Schema", () => {
    const validate = () => ({ value: 1 });
    const arkLike = Object.assign(() => 1, {
      "~standard": { version: 1, vendor: "arktype", validate, jsonSchema: { input: () => ({}) } },
    });
    expect(whyNotRecognised(arkLike, "zod")).toContain(
      "standardSchema() from @trellis/adapter-standard-schema",
    );
    const valibotOnly = { "~standard": { version: 1, vendor: "valibot", validate } };
    expect(whyNotRecognised(valibotOnly, "standard-schema")).toContain(
      "toStandardJsonSchema() from @valibot/to-json-schema",
    );
    expect(missingJsonSchema(valibotOnly)).toContain("Standard JSON Schema");
    expect(missingJsonSchema(arkLike)).toBeUndefined();
    expect(missingJsonSchema({ type: "object" })).toBeUndefined();
  });
});
