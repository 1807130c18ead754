import "reflect-metadata";
import { SchemaRegistry } from "@trellis/testing";
import { describe, expect, it } from "vitest";
import { classValidator } from "./index.js";
import { Catalogue, Employee, Gadget } from "./json-schema.fixtures.js";
import { Adoption, Team } from "./test-models.fixtures.js";

function componentsOf(model: Function) {
  const registry = new SchemaRegistry();
  const root = registry.fromAdapter(classValidator(), model);
  return { root, components: Object.fromEntries(registry.entries()) };
}

describe("classValidator() JSON Schema", () => {
  it("maps the documented decorators to keywords", () => {
    const { root, components } = componentsOf(Gadget);
    expect(root).toEqual(SchemaRegistry.ref("Gadget"));
    expect(components.Gadget).toEqual({
      type: "object",
      properties: {
        name: { type: "string", minLength: 2, maxLength: 40 },
        code: { type: "string", pattern: "^[A-Z]{3}$" },
        caseless: { type: "string" },
        email: { type: "string", format: "email" },
        id: { type: "string", format: "uuid" },
        createdAt: { type: "string", format: "date-time" },
        homepage: { type: "string", format: "uri" },
        ip: { type: "string", format: "ipv4" },
        count: { type: "integer", minimum: 1, maximum: 10 },
        price: { type: "number", exclusiveMinimum: 0 },
        active: { type: "boolean" },
        color: { enum: ["red", "green"] },
        level: { enum: ["Low", "High", 1, 2] },
        version: { const: 2 },
        tags: {
          type: "array",
          minItems: 1,
          maxItems: 5,
          uniqueItems: true,
          items: { type: "string", minLength: 1 },
        },
        meta: { type: "object" },
        note: { type: ["string", "null"] },
        deletedAt: { type: ["string", "null"] },
        nickname: { type: "string" },
        vatId: { type: "string" },
        anything: {},
      },
      required: [
        "name",
        "code",
        "caseless",
        "email",
        "id",
        "createdAt",
        "homepage",
        "ip",
        "count",
        "price",
        "active",
        "color",
        "level",
        "version",
        "tags",
        "meta",
        "deletedAt",
      ],
    });
  });

  it("includes inherited properties", () => {
    const { components } = componentsOf(Employee);
    expect(Object.keys(components.Employee?.properties ?? {})).toEqual(["employeeId", "name"]);
    expect(components.Employee?.required).toEqual(["employeeId", "name"]);
  });

  it("references nested models, arrays of them and recursive ones as components", () => {
    const { components } = componentsOf(Catalogue);
    expect(components.Catalogue?.properties).toEqual({
      owner: SchemaRegistry.ref("Owner"),
      backup: { anyOf: [SchemaRegistry.ref("Owner"), { type: "null" }] },
      sections: { type: "array", minItems: 1, items: SchemaRegistry.ref("Section") },
    });
    expect(components.Catalogue?.required).toEqual(["owner", "sections"]);
    expect(components.Section?.properties?.children).toEqual({
      type: ["array", "null"], // IsOptional lets null through
      items: SchemaRegistry.ref("Section"),
    });
    expect(componentsOf(Team).components.Team?.properties?.subteams).toEqual({
      type: "array",
      items: SchemaRegistry.ref("Team"),
    });
  });

  it("documents a discriminated @Type as oneOf with an OpenAPI discriminator", () => {
    const { components } = componentsOf(Adoption);
    expect(components.Adoption?.properties?.pet).toEqual({
      oneOf: [SchemaRegistry.ref("Cat"), SchemaRegistry.ref("Dog")],
      discriminator: {
        propertyName: "kind",
        mapping: { cat: "#/components/schemas/Cat", dog: "#/components/schemas/Dog" },
      },
    });
    expect(components.Cat?.properties?.kind).toEqual({ const: "cat" });
  });
});
