import "reflect-metadata";
import { Body, createApp, Post, Route } from "@trellis/core";
import { compileThroughCore, coreCompileOptions, SchemaRegistry } from "@trellis/testing";
import { Type } from "class-transformer";
import { getMetadataStorage, IsInt, IsString, MinLength, ValidateNested } from "class-validator";
import { describe, expect, it, vi } from "vitest";
import { classValidator } from "./index.js";
import { Adoption, Explosive, Order, Orphan, Plain, Signup, Team } from "./test-models.fixtures.js";

const body = { target: "body" } as const;

describe("classValidator()", () => {
  it("recognises decorated classes only", () => {
    expect(classValidator().isSchema(Signup)).toBe(true);
    expect(classValidator().isSchema(Plain)).toBe(false);
    expect(() => classValidator().compile(Plain, coreCompileOptions("body"))).toThrow(
      /class-validator decorators/,
    );
  });

  it("says at startup that a class without decorators needs them, and leaves other values to core", () => {
    @Route("/plain")
    class PlainController {
      @Post()
      create(@Body(Plain) _input: unknown) {}
    }
    expect(() => createApp({ schema: classValidator(), controllers: [PlainController] })).toThrow(
      "the class-validator adapter does not recognise the schema: class Plain has no class-validator decorators on its properties",
    );
    const callableSchema = Object.assign(() => 1, { "~standard": { version: 1 } });
    expect(classValidator().explainRefusal?.(callableSchema)).toBeUndefined();
    expect(classValidator().explainRefusal?.({ type: "object" })).toBeUndefined();
  });

  it("returns an instance of the model with only its declared properties", () => {
    const result = compileThroughCore(
      classValidator(),
      Signup,
      body,
    )({ name: "Ada", age: 36, admin: true });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value).toBeInstanceOf(Signup);
    expect({ ...(result.value as object) }).toEqual({ name: "Ada", age: 36 });
  });

  it("never converts types, even when the transformer options ask for it", () => {
    const adapter = classValidator({
      transformer: { enableImplicitConversion: true } as Record<string, unknown>,
    });
    const result = compileThroughCore(adapter, Signup, body)({ name: 5, age: "36" });
    expect(result.ok ? [] : result.issues.map((issue) => issue.path)).toEqual(
      expect.arrayContaining([["name"], ["age"]]),
    );
  });

  it("names the class and property when @ValidateNested has no @Type", () => {
    expect(() => classValidator().compile(Orphan, coreCompileOptions("body"))).toThrow(
      /Orphan\.customer: @ValidateNested\(\) needs @Type/,
    );
  });

  it("rejects arrays and non-arrays where a nested model is declared without IsObject or IsArray", () => {
    const validate = compileThroughCore(classValidator(), Order, body);
    const customer = { name: "Ada" };
    expect(validate({ customer, lines: [{ sku: "a" }] }).ok).toBe(true);
    const wrapped = validate({ customer: [customer], lines: [{ sku: "a" }] });
    expect(wrapped).toEqual({
      ok: false,
      issues: [{ path: ["customer"], message: "customer must be an object", code: "isObject" }],
    });
    const single = validate({ customer, lines: { sku: "a" } });
    expect(single.ok ? [] : single.issues.map((issue) => issue.path)).toEqual([["lines"]]);
  });

  it("names the allowed values of an unknown discriminator, without class-validator's vague echo", () => {
    const result = compileThroughCore(classValidator(), Adoption, body)({ pet: { kind: "cow" } });
    expect(result).toEqual({
      ok: false,
      issues: [{ path: ["pet", "kind"], message: "kind must be one of: cat, dog", code: "isIn" }],
    });
  });

  it("reports unknown keys that class-transformer would silently drop when rejecting", () => {
    const validate = compileThroughCore(classValidator(), Signup, {
      target: "body",
      unknownProperties: "reject",
    });
    const result = validate(JSON.parse('{"name":"Ada","age":1,"constructor":{},"toString":"x"}'));
    expect(result.ok ? [] : result.issues.map((issue) => issue.path)).toEqual([
      ["constructor"],
      ["toString"],
    ]);
  });

  it("validates recursive models at every depth", () => {
    const validate = compileThroughCore(classValidator(), Team, body);
    expect(validate({ name: "a", subteams: [{ name: "b", subteams: [] }] }).ok).toBe(true);
    const deep = validate({
      name: "a",
      subteams: [{ name: "b", subteams: [{ name: 1, subteams: [] }] }],
    });
    expect(deep.ok ? [] : deep.issues.map((issue) => issue.path)).toEqual([
      ["subteams", 0, "subteams", 0, "name"],
    ]);
  });

  it("passes validator options through, groups included in validation and documentation", () => {
    class Grouped {
      @IsString({ always: true }) @MinLength(5, { groups: ["final"] }) name!: string;
    }
    const draft = classValidator({ validator: { groups: ["draft"] } });
    expect(compileThroughCore(classValidator(), Grouped, body)({ name: "abc" }).ok).toBe(false);
    expect(compileThroughCore(draft, Grouped, body)({ name: "abc" }).ok).toBe(true);
    const documented = (adapter: ReturnType<typeof classValidator>) => {
      const registry = new SchemaRegistry();
      registry.fromAdapter(adapter, Grouped);
      return registry.get("Grouped")?.properties?.name;
    };
    expect(documented(classValidator())).toEqual({ type: "string", minLength: 5 });
    expect(documented(draft)).toEqual({ type: "string" });
  });

  it("reads each model's metadata once, however many models there are", () => {
    // A chain of 40 models, each nesting the next: linear work means one lookup per class.
    const models: Function[] = [];
    for (let index = 0; index < 40; index++) {
      const model = { [`Link${index}`]: class {} }[`Link${index}`] as Function;
      IsInt()(model.prototype, "position");
      models.push(model);
    }
    models.forEach((model, index) => {
      const next = models[index + 1];
      if (!next) return;
      ValidateNested()(model.prototype, "next");
      Type(() => next)(model.prototype, "next");
    });
    const storage = getMetadataStorage();
    const lookups = vi.spyOn(storage, "getTargetValidationMetadatas");
    const adapter = classValidator();
    const root = models[0] as Function;
    new SchemaRegistry().fromAdapter(adapter, root);
    compileThroughCore(adapter, root, body);
    const perModel = models
      .slice(1)
      .map((model) => lookups.mock.calls.filter(([target]) => target === model).length);
    expect(Math.max(...perModel)).toBe(1);
    lookups.mockRestore();
  });

  it("leaves a throwing constructor to core, which answers with the generic issue", async () => {
    expect(() =>
      classValidator().compile(Explosive, coreCompileOptions("body"))({ name: "x" }),
    ).toThrow();
    expect(compileThroughCore(classValidator(), Explosive, body)({ name: "x" })).toEqual({
      ok: false,
      issues: [{ path: [], message: "Input could not be validated", code: "validation_exception" }],
    });
    @Route("/explosives")
    class ExplosiveController {
      @Post()
      create(@Body(Explosive) explosive: Explosive) {
        return explosive;
      }
    }
    const app = createApp({ schema: classValidator(), controllers: [ExplosiveController] });
    const response = await app.fetch(
      new Request("http://test.local/explosives", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: '{"name":"x"}',
      }),
    );
    expect(response.status).toBe(400);
    const text = await response.text();
    expect(JSON.parse(text).errors).toEqual([
      { in: "body", path: "", message: "Input could not be validated" },
    ]);
    expect(text).not.toMatch(/constructor failed|explosive\.ts/);
  });
});
