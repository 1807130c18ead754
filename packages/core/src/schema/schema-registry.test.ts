import { describe, expect, it, vi } from "vitest";
import { TrellisConfigError } from "../errors/trellis-config-error.js";
import type { JsonSchema } from "./json-schema.js";
import type { SchemaAdapter } from "./schema-adapter.js";
import { SchemaRegistry } from "./schema-registry.js";

const jsonAdapter: SchemaAdapter = {
  name: "json",
  isSchema: (value) => typeof value === "object" && value !== null,
  compile: () => (input) => ({ ok: true, value: input }),
  toJsonSchema: (schema) => structuredClone(schema) as JsonSchema,
};

describe("SchemaRegistry", () => {
  it("returns a component reference and builds each source once", () => {
    const registry = new SchemaRegistry();
    const source = class User {};
    let builds = 0;
    const build = () => {
      builds++;
      return { type: "object", properties: { id: { type: "string" } } };
    };
    expect(registry.define("User", source, build)).toEqual({ $ref: "#/components/schemas/User" });
    expect(registry.define("User", source, build)).toEqual({ $ref: "#/components/schemas/User" });
    expect(builds).toBe(1);
    expect(registry.get("User")).toEqual({
      type: "object",
      properties: { id: { type: "string" } },
    });
  });

  it("lets a recursive model reference itself while it is being built", () => {
    const registry = new SchemaRegistry();
    const source = {};
    const node = (): JsonSchema => ({
      type: "object",
      properties: { children: { type: "array", items: registry.define("Node", source, node) } },
    });
    registry.define("Node", source, node);
    expect(registry.get("Node")?.properties?.children?.items).toEqual({
      $ref: "#/components/schemas/Node",
    });
  });

  it("accepts the same content under one name from two sources, rejects different content", () => {
    const registry = new SchemaRegistry();
    registry.define("User", "a", () => ({ type: "object" }));
    expect(registry.define("User", "b", () => ({ type: "object" }))).toEqual({
      $ref: "#/components/schemas/User",
    });
    const clash = () => registry.define("User", "c", () => ({ type: "string" }));
    expect(clash).toThrow(TrellisConfigError);
    expect(clash).toThrow(/SCHEMA_NAME_COLLISION.*"User"/);
  });

  it("accepts one model met first inside a wrapper's $defs, then named on its own", () => {
    // The shape Zod and Valibot emit for `Order` (holding a named `LineItem`) returned directly
    // by one route and inside a `Page<Order>` wrapper by another.
    const lineItem = { type: "object", properties: { sku: { type: "string" } } };
    const order = {
      type: "object",
      properties: { items: { type: "array", items: { $ref: "#/$defs/LineItem" } } },
    };
    const registry = new SchemaRegistry();
    registry.fromAdapter(
      jsonAdapter,
      {
        type: "object",
        properties: { items: { type: "array", items: { $ref: "#/$defs/Order" } } },
        $defs: { Order: order, LineItem: lineItem },
      },
      "OrderController.list (@Returns 200)",
    );
    const direct = { $defs: { LineItem: lineItem } };
    expect(registry.define("Order", direct, () => ({ ...order, ...direct }))).toEqual({
      $ref: "#/components/schemas/Order",
    });
    expect(registry.get("Order")?.properties?.items?.items).toEqual({
      $ref: "#/components/schemas/LineItem",
    });
  });

  it("names who used each of two different schemas that share a name", () => {
    const registry = new SchemaRegistry();
    registry.fromAdapter(
      jsonAdapter,
      { $defs: { User: { type: "object" } }, $ref: "#/$defs/User" },
      "UserController.get (@Returns 200)",
    );
    const clash = () =>
      registry.fromAdapter(
        jsonAdapter,
        { $defs: { User: { type: "string" } }, $ref: "#/$defs/User" },
        "AdminController.list (parameter 0)",
      );
    expect(clash).toThrow(
      /"User" is given to two different schemas, one used by UserController\.get \(@Returns 200\), the other by AdminController\.list \(parameter 0\); give one of them another name\./,
    );
  });

  it("converts each adapter schema once and hands back the same JSON Schema", () => {
    const registry = new SchemaRegistry();
    const toJsonSchema = vi.fn((schema: unknown) => structuredClone(schema) as JsonSchema);
    const adapter: SchemaAdapter = { ...jsonAdapter, toJsonSchema };
    const schema = { type: "object", properties: { id: { type: "string" } } };
    const first = registry.fromAdapter(adapter, schema);
    expect(registry.fromAdapter(adapter, schema)).toBe(first);
    expect(first).toEqual(schema);
    expect(toJsonSchema).toHaveBeenCalledTimes(1);
    // Another schema with equal content is another schema: converted on its own.
    registry.fromAdapter(adapter, structuredClone(schema));
    expect(toJsonSchema).toHaveBeenCalledTimes(2);
  });

  it("rejects names OpenAPI does not allow", () => {
    const registry = new SchemaRegistry();
    expect(() => registry.define("User Input", {}, () => ({}))).toThrow(/INVALID_SCHEMA_NAME/);
  });

  it("hoists $defs from adapter output into components and rewrites their references", () => {
    const registry = new SchemaRegistry();
    const schema = registry.fromAdapter(jsonAdapter, {
      type: "array",
      items: { $ref: "#/$defs/User" },
      $defs: {
        User: { type: "object", properties: { address: { $ref: "#/$defs/Address" } } },
        Address: { type: "object", properties: { city: { type: "string" } } },
      },
    });
    expect(schema).toEqual({ type: "array", items: { $ref: "#/components/schemas/User" } });
    expect(registry.get("User")).toEqual({
      type: "object",
      properties: { address: { $ref: "#/components/schemas/Address" } },
    });
    expect(registry.resolve({ $ref: "#/components/schemas/Address" })).toEqual({
      type: "object",
      properties: { city: { type: "string" } },
    });
    expect(
      registry
        .entries()
        .map(([name]) => name)
        .sort(),
    ).toEqual(["Address", "User"]);
  });

  it("keeps properties named like definition keywords, and data, when it hoists", () => {
    const registry = new SchemaRegistry();
    const properties = JSON.parse(
      '{"definitions":{"type":"string"},"$defs":{"type":"number"},"__proto__":{"type":"boolean"},"user":{"$ref":"#/$defs/User"}}',
    );
    const schema = registry.fromAdapter(jsonAdapter, {
      type: "object",
      required: ["definitions", "$defs", "__proto__"],
      properties,
      default: { $defs: 1, ref: { $ref: "#/$defs/User" } },
      matrix: [[1, 2]],
      dependentRequired: { user: ["definitions"] },
      $defs: { User: { type: "object" } },
    });
    expect(Object.keys(schema.properties ?? {})).toEqual([
      "definitions",
      "$defs",
      "__proto__",
      "user",
    ]);
    expect(Object.getPrototypeOf(schema.properties)).toBe(Object.prototype);
    expect(JSON.parse(JSON.stringify(schema))).toEqual({
      type: "object",
      required: ["definitions", "$defs", "__proto__"],
      properties: JSON.parse(
        '{"definitions":{"type":"string"},"$defs":{"type":"number"},"__proto__":{"type":"boolean"},"user":{"$ref":"#/components/schemas/User"}}',
      ),
      default: { $defs: 1, ref: { $ref: "#/$defs/User" } },
      matrix: [[1, 2]],
      dependentRequired: { user: ["definitions"] },
    });
    expect(registry.get("User")).toEqual({ type: "object" });
  });

  it("hands back a schema without definitions as it is, and keeps lookalike names", () => {
    const registry = new SchemaRegistry();
    const plain = { type: "object", properties: { id: { $ref: "#/components/schemas/Id" } } };
    const lookalike = { type: "object", properties: { definitions: { type: "string" } } };
    const adapter: SchemaAdapter = {
      ...jsonAdapter,
      toJsonSchema: (schema) => schema as JsonSchema,
    };
    expect(registry.fromAdapter(adapter, plain)).toBe(plain);
    expect(registry.fromAdapter(adapter, lookalike)).toEqual(lookalike);
  });
  it("bounds integers to the safe integers for an adapter that validates them so, only then", () => {
    const largest = Number.MAX_SAFE_INTEGER;
    const safe = { type: "integer", minimum: -largest, maximum: largest };
    // Integers in the root, in a model defined through the context, and in hoisted $defs.
    const adapter: SchemaAdapter = {
      ...jsonAdapter,
      safeIntegers: true,
      toJsonSchema: (schema, context) => ({
        type: "object",
        properties: {
          n: { type: "integer" },
          count: context.define("Count", schema, () => ({ type: "integer", minimum: 0 })),
          page: { $ref: "#/$defs/Page" },
        },
        $defs: { Page: { type: "integer", maximum: 100 } },
      }),
    };
    const registry = new SchemaRegistry();
    expect(registry.fromAdapter(adapter, {}).properties?.n).toEqual(safe);
    expect(registry.get("Count")).toEqual({ type: "integer", minimum: 0, maximum: largest });
    expect(registry.get("Page")).toEqual({ type: "integer", maximum: 100, minimum: -largest });
    const plain = new SchemaRegistry();
    expect(plain.fromAdapter({ ...adapter, safeIntegers: false }, {}).properties?.n).toEqual({
      type: "integer",
    });
    expect(plain.get("Count")).toEqual({ type: "integer", minimum: 0 });
    // A model defined outside any adapter's conversion is left as it is.
    plain.define("Loose", "Loose", () => ({ type: "integer" }));
    expect(plain.get("Loose")).toEqual({ type: "integer" });
  });

  it("unwraps a named model whose converter points its root at its own definition", () => {
    const registry = new SchemaRegistry();
    const ref = registry.define("Post", "Post", () => ({
      $ref: "#/$defs/Post",
      $defs: {
        Post: { type: "object", properties: { tag: { $ref: "#/$defs/Tag" } } },
        Tag: { type: "string" },
      },
    }));
    expect(ref).toEqual(SchemaRegistry.ref("Post"));
    expect(registry.get("Post")).toEqual({
      type: "object",
      properties: { tag: { $ref: "#/components/schemas/Tag" } },
    });
    expect(registry.get("Tag")).toEqual({ type: "string" });
    // The same model from another source, wrapped the same way, is the same model.
    expect(
      registry.define("Post", "again", () => ({
        $ref: "#/$defs/Post",
        $defs: { Post: { type: "object", properties: { tag: SchemaRegistry.ref("Tag") } } },
      })),
    ).toEqual(SchemaRegistry.ref("Post"));
  });
});
