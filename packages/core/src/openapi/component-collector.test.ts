import { assertValidDocuments } from "@trellis/testing/openapi";
import { describe, expect, it } from "vitest";
import type { JsonSchema } from "../schema/json-schema.js";
import { SchemaRegistry } from "../schema/schema-registry.js";
import { ComponentCollector } from "./component-collector.js";
import { generateDocument } from "./generate-document.js";
import { OperationFixture } from "./test-helpers/operation-fixture.js";
import { build, type Json, refs } from "./users-api.fixtures.js";

describe("ComponentCollector", () => {
  it("emits only the models used by documented operations, and every $ref resolves", () => {
    for (const version of ["3.0", "3.1"] as const) {
      const document = build(version);
      const schemas = document.components.schemas;
      expect(Object.keys(schemas)).toEqual(["Address", "CreateUser", "ProblemDetails", "User"]);
      for (const [where, ref] of refs(document)) {
        const name = ref.replace("#/components/schemas/", "");
        expect(schemas[name], `${where} -> ${ref}`).toBeDefined();
      }
    }
  });

  it("never puts additionalProperties: false inside an allOf member", async () => {
    const fixture = new OperationFixture();
    const Base = { $id: "Base", type: "object", properties: { a: { type: "string" } } };
    const Both = {
      $id: "Both",
      allOf: [
        Base,
        { type: "object", properties: { b: { type: "string" } }, additionalProperties: false },
      ],
    };
    const operation = fixture.operation({ returns: [{ status: 200, schema: Both }] });
    for (const version of ["3.0", "3.1"] as const) {
      const document = generateDocument({
        operations: [operation],
        registry: fixture.registry,
        options: { version },
      }) as Json;
      const members = document.components.schemas.Both.allOf as Json[];
      expect(members.some((member) => member.additionalProperties === false)).toBe(false);
      expect(members[1]?.properties.b).toEqual({ type: "string" });
      await assertValidDocuments([document]);
    }
  });

  it("follows references transitively, recursive models included", () => {
    const fixture = new OperationFixture();
    const Node: Json = { $id: "Node", type: "object", properties: { value: { type: "number" } } };
    Node.properties.children = { type: "array", items: Node };
    const Tree = { $id: "Tree", type: "object", properties: { root: Node } };
    const operation = fixture.operation({ returns: [{ status: 200, schema: Tree }] });
    const document = generateDocument({
      operations: [operation],
      registry: fixture.registry,
      options: {},
    }) as Json;
    expect(Object.keys(document.components.schemas)).toEqual(["Node", "ProblemDetails", "Tree"]);
    expect(document.components.schemas.Node.properties.children.items).toEqual({
      $ref: "#/components/schemas/Node",
    });
  });

  it("reserves the ProblemDetails name and rejects references to undeclared components", () => {
    const fixture = new OperationFixture();
    const Mine = {
      $id: "ProblemDetails",
      type: "object",
      properties: { oops: { type: "string" } },
    };
    const operation = fixture.operation({ returns: [{ status: 200, schema: Mine }] });
    expect(() =>
      generateDocument({ operations: [operation], registry: fixture.registry, options: {} }),
    ).toThrow(/SCHEMA_NAME_COLLISION.*"ProblemDetails" is reserved/);

    const other = new OperationFixture();
    const dangling = other.operation({
      handlerName: "find",
      returns: [{ status: 200, schema: { $ref: "#/components/schemas/Ghost" } }],
    });
    expect(() =>
      generateDocument({ operations: [dangling], registry: other.registry, options: {} }),
    ).toThrow(/UNRESOLVED_SCHEMA_REF.*TestController\.find.*Ghost/);
  });
  it("converts a schema shared by several owners once; a broken one fails for each owner", () => {
    const registry = new SchemaRegistry();
    registry.define("Item", "Item", () => ({
      type: "object",
      properties: { id: { type: "integer" } },
    }));
    const collector = new ComponentCollector(registry, "3.0");
    const shared: JsonSchema = { type: "array", items: SchemaRegistry.ref("Item") };
    const first = collector.convert(shared, "the first owner");
    expect(collector.convert(shared, "the second owner")).toBe(first);
    expect(first).toEqual({ type: "array", items: { $ref: "#/components/schemas/Item" } });
    expect(Object.keys(collector.components())).toEqual(["Item"]);

    const broken: JsonSchema = { $ref: "#/components/schemas/Missing" };
    expect(() => collector.convert(broken, "the 200 response of A.b")).toThrow(
      /the 200 response of A\.b references "#\/components\/schemas\/Missing"/,
    );
    expect(() => collector.convert(broken, "the 200 response of C.d")).toThrow(/C\.d/);
  });

  it("gives every error response one problem+json content", () => {
    const collector = new ComponentCollector(new SchemaRegistry(), "3.1");
    expect(collector.problemContent()).toBe(collector.problemContent());
    expect(collector.problemContent()).toEqual({
      "application/problem+json": { schema: { $ref: "#/components/schemas/ProblemDetails" } },
    });
    expect(Object.keys(collector.components())).toEqual(["ProblemDetails"]);
  });
});
