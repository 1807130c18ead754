import { Body, buildDocument, Post, Public, Returns } from "@trellis/core";
import type { SchemaAdapter } from "@trellis/core/extend";
import { describe, expect, it } from "vitest";
import type { ConformanceFixtures, DocumentFixtures } from "./fixtures.js";

type Json = Record<string, any>;

// Every OpenAPI version Trellis emits: a new one is one more entry here.
const versions = ["3.0", "3.1", "3.2"] as const;

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

/** Each shape as the body and the 200 response of one operation: input and output documented. */
function documentOf(
  adapter: SchemaAdapter,
  shapes: Record<string, unknown>,
  version: (typeof versions)[number],
): Json {
  class ShapeController {}
  for (const [name, schema] of Object.entries(shapes)) {
    Object.defineProperty(ShapeController.prototype, name, {
      value: (input: unknown) => input,
      configurable: true,
      writable: true,
    });
    const descriptor = Object.getOwnPropertyDescriptor(ShapeController.prototype, name) as
      | PropertyDescriptor
      | undefined;
    const target = ShapeController.prototype;
    Body(schema)(target, name, 0);
    (Returns(200, schema) as MethodDecorator)(target, name, descriptor as PropertyDescriptor);
    Public()(target, name, descriptor as PropertyDescriptor);
    Post(`/${name}`)(target, name, descriptor as PropertyDescriptor);
  }
  return buildDocument({
    schema: adapter,
    controllers: [ShapeController as never],
    openapi: { version, undeclaredResponses: "off" },
  }) as Json;
}

/** Whether a documented schema admits null, in the version's own way. */
function admitsNull(schema: Json, version: string): boolean {
  if (version === "3.0") return schema.nullable === true;
  if (Array.isArray(schema.type)) return schema.type.includes("null");
  return Array.isArray(schema.anyOf) && schema.anyOf.some((member: Json) => member.type === "null");
}

/** A schema's examples, as 3.0's `example` or 3.1's `examples`. */
const examplesOf = (schema: Json): unknown[] =>
  Array.isArray(schema.examples) ? schema.examples : "example" in schema ? [schema.example] : [];

/**
 * The documents every adapter must produce alike for the same models: discriminated unions with
 * their mapping, generic wrappers as one named component per instantiation, optional apart from
 * nullable, enums with their type, formats on input and output, descriptions and examples.
 */
export function runDocumentConformance(
  adapter: SchemaAdapter,
  fixtures: ConformanceFixtures,
  documents: DocumentFixtures,
): void {
  const shapes = {
    adoption: fixtures.adoption,
    profile: fixtures.profile,
    enums: fixtures.enums,
    formats: fixtures.formats,
    userPage: documents.userPage,
    addressPage: documents.addressPage,
    person: documents.person,
  };

  describe.each(versions)(`${adapter.name} adapter documents (OpenAPI %s)`, (version) => {
    const document = documentOf(adapter, shapes, version);
    const { schemas } = document.components as { schemas: Json };
    /** The documented body of an operation, followed to its component when it is one. */
    const bodyOf = (name: string, where: "request" | "response"): Json => {
      const operation = document.paths[`/${name}`].post;
      const content =
        where === "request"
          ? operation.requestBody.content["application/json"]
          : operation.responses["200"].content["application/json"];
      const schema = content.schema as Json;
      return typeof schema.$ref === "string"
        ? (schemas[schema.$ref.split("/").pop() as string] as Json)
        : schema;
    };

    it("documents a discriminated union with propertyName and a mapping to components", () => {
      const pet = bodyOf("adoption", "request").properties.pet as Json;
      expect(pet).toEqual({
        oneOf: [ref("Cat"), ref("Dog")],
        discriminator: {
          propertyName: "kind",
          mapping: { cat: ref("Cat").$ref, dog: ref("Dog").$ref },
        },
      });
      expect(schemas.Cat.properties.lives.type).toBe("integer");
      expect(schemas.Dog.properties.goodBoy.type).toBe("boolean");
      for (const [model, value] of [
        ["Cat", "cat"],
        ["Dog", "dog"],
      ] as const) {
        const kind = schemas[model].properties.kind as Json;
        expect(kind.type, `${model}.kind`).toBe("string");
        expect(kind.enum ?? [kind.const], `${model}.kind`).toEqual([value]);
        expect(schemas[model].required).toContain("kind");
      }
    });

    it("documents a generic wrapper as one named component per instantiation", () => {
      for (const [page, item] of [
        ["UserPage", "User"],
        ["AddressPage", "Address"],
      ] as const) {
        const schema = schemas[page] as Json;
        expect(schema, page).toBeDefined();
        expect(schema.properties.items).toEqual({ type: "array", items: ref(item) });
        expect(schema.properties.total.type).toBe("integer");
        expect([...schema.required].sort()).toEqual(["items", "total"]);
      }
      expect(document.paths["/userPage"].post.responses["200"].content).toEqual({
        "application/json": { schema: ref("UserPage") },
      });
    });

    it("keeps optional apart from nullable", () => {
      for (const where of ["request", "response"] as const) {
        const profile = bodyOf("profile", where);
        const { properties } = profile;
        const required = [...(profile.required ?? [])].sort();
        expect(required, where).toEqual(["deletedAt", "title"]);
        expect(admitsNull(properties.nickname, version), `${where} nickname`).toBe(false);
        expect(admitsNull(properties.title, version), `${where} title`).toBe(false);
        expect(admitsNull(properties.deletedAt, version), `${where} deletedAt`).toBe(true);
        expect(admitsNull(properties.bio, version), `${where} bio`).toBe(true);
      }
    });

    it("documents enums with their type", () => {
      const { properties } = bodyOf("enums", "request");
      expect(properties.role).toMatchObject({ type: "string", enum: ["admin", "member"] });
      expect(properties.priority).toMatchObject({ type: "integer", enum: [1, 2, 3] });
    });

    it("keeps formats on input and on output", () => {
      for (const where of ["request", "response"] as const) {
        const { properties } = bodyOf("formats", where);
        expect(properties.email.format, where).toBe("email");
        expect(properties.id.format, where).toBe("uuid");
        expect(properties.createdAt.format, where).toBe("date-time");
      }
    });

    it("carries descriptions and examples of models and properties", () => {
      const person = schemas.Person as Json;
      expect(person.description).toBe("Someone who uses the service");
      expect(person.properties.name.description).toBe("Full name");
      expect(examplesOf(person.properties.name)).toEqual(["Ada Lovelace"]);
      expect(person.properties.email).toMatchObject({
        format: "email",
        description: "Where to write",
      });
      if (version === "3.0") expect(person.properties.name.examples).toBeUndefined();
    });
  });
}
