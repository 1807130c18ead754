import type { StandardJSONSchemaV1, StandardSchemaV1 } from "@standard-schema/spec";
import {
  Body,
  createApp,
  type Infer,
  Post,
  Returns,
  Route,
  TrellisConfigError,
} from "@trellis/core";
import { compileThroughCore, compileThroughCoreAsync, coreCompileOptions } from "@trellis/testing";
import { type } from "arktype";
import * as v from "valibot";
import { describe, expect, it } from "vitest";
import * as z from "zod";
import { standardSchema } from "./index.js";

const body = { target: "body" } as const;

/** A hand-written Standard Schema of `{ name: string }` whose check answers with a promise. */
function asyncNameSchema(): StandardSchemaV1 & StandardJSONSchemaV1 {
  const jsonSchema = {
    type: "object",
    properties: { name: { type: "string" } },
    required: ["name"],
  };
  return {
    "~standard": {
      version: 1,
      vendor: "test",
      validate: async (value: unknown) => {
        await new Promise((resolve) => setTimeout(resolve, 1));
        const name = (value as { name?: unknown } | null)?.name;
        return typeof name === "string"
          ? { value }
          : { issues: [{ message: "name must be a string", path: [{ key: "name" }] }] };
      },
      jsonSchema: { input: () => jsonSchema, output: () => jsonSchema },
    },
  } as StandardSchemaV1 & StandardJSONSchemaV1;
}

const post = (app: { fetch: (request: Request) => Response | Promise<Response> }, json: unknown) =>
  app.fetch(
    new Request("http://localhost/items", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(json),
    }),
  );

describe("standardSchema()", () => {
  it("refuses what is not a Standard Schema with JSON Schema at compile time", () => {
    expect(() => standardSchema().compile({ type: "string" }, coreCompileOptions("body"))).toThrow(
      /Not a Standard Schema/,
    );
  });

  it("recognises ArkType types (functions), Zod-like objects, and nothing without validate", () => {
    const adapter = standardSchema();
    expect(adapter.isSchema(type("string"))).toBe(true);
    expect(adapter.isSchema({ "~standard": { version: 1, vendor: "x" } })).toBe(false);
    expect(adapter.isSchema(v.string())).toBe(false); // validates, but cannot describe itself
  });

  it("strips undeclared properties the library keeps (ArkType), without touching the input", () => {
    const schema = type({ name: "string", tags: type({ label: "string" }).array() });
    const input = { name: "a", admin: true, tags: [{ label: "x", extra: 1 }] };
    const before = JSON.stringify(input);
    expect(compileThroughCore(standardSchema(), schema, body)(input)).toEqual({
      ok: true,
      value: { name: "a", tags: [{ label: "x" }] },
    });
    expect(JSON.stringify(input)).toBe(before);
  });

  it("reports an issue with the value itself at the value, not one level down (ArkType)", () => {
    const validate = compileThroughCore(standardSchema(), type("number.integer >= 1"), body);
    const result = validate(0);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.issues.map((issue) => issue.path)).toEqual([[]]);
    const object = compileThroughCore(standardSchema(), type({ page: "number" }), body);
    const bad = object("text");
    expect(!bad.ok && bad.issues.map((issue) => issue.path)).toEqual([[]]);
  });

  it("rejects undeclared properties under reject, at each property", () => {
    const schema = type({ user: { name: "string" } });
    const validate = compileThroughCore(
      standardSchema({ unknownProperties: "reject" }),
      schema,
      body,
    );
    expect(validate({ user: { name: "a", role: "x" } })).toEqual({
      ok: false,
      issues: [
        { path: ["user", "role"], message: 'Unknown property "role"', code: "unknown_property" },
      ],
    });
  });

  it("keeps undeclared properties a library dropped (Zod strips) under keep", () => {
    const schema = z.object({ name: z.string() });
    const validate = compileThroughCore(standardSchema(), schema, {
      target: "body",
      unknownProperties: "keep",
    });
    expect(validate({ name: "a", extra: 1 })).toEqual({ ok: true, value: { name: "a", extra: 1 } });
  });

  it("uses the members of a discriminated union that match the value", () => {
    const schema = type({ kind: "'cat'", lives: "number" }).or({ kind: "'dog'", good: "boolean" });
    const validate = compileThroughCore(standardSchema(), schema, body);
    expect(validate({ kind: "dog", good: true, lives: 9 })).toEqual({
      ok: true,
      value: { kind: "dog", good: true },
    });
  });

  it("refuses integers beyond the safe range the library accepts", () => {
    const validate = compileThroughCore(standardSchema(), type({ n: "number.integer" }), body);
    expect(validate({ n: 2 ** 53 })).toMatchObject({
      ok: false,
      issues: [{ path: ["n"], code: "unsafe_integer" }],
    });
    expect(validate({ n: 2 ** 53 - 1 }).ok).toBe(true);
  });

  it("awaits a validate that answers with a promise", async () => {
    const validate = compileThroughCoreAsync(standardSchema(), asyncNameSchema(), body);
    expect(await validate({ name: "a", extra: 1 })).toEqual({ ok: true, value: { name: "a" } });
    expect(await validate({ name: 1 })).toEqual({
      ok: false,
      issues: [{ path: ["name"], message: "name must be a string" }],
    });
  });
});

describe("standardSchema() in an app", () => {
  it("validates a body asynchronously when the library answers with a promise", async () => {
    const Item = asyncNameSchema();
    @Route("/items")
    class ItemController {
      @Post()
      create(@Body(Item) input: unknown) {
        return input;
      }
    }
    const app = createApp({ schema: standardSchema(), controllers: [ItemController] });
    const ok = await post(app, { name: "a", admin: true });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ name: "a" });
    const bad = await post(app, { name: 5 });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({
      errors: [{ in: "body", path: "/name", message: "name must be a string" }],
    });
  });

  it("validates responses with an asynchronous validator too", async () => {
    const Item = asyncNameSchema();
    @Route("/items")
    class ItemController {
      @Post()
      @Returns(200, Item)
      create(@Body(Item) input: { name: string }) {
        return input.name === "bad" ? { name: 1 } : { ...input, secret: "s" };
      }
    }
    const app = createApp({
      schema: standardSchema(),
      controllers: [ItemController],
      validateResponse: { strip: true },
      logger: { error() {} },
    });
    const ok = await post(app, { name: "a" });
    expect(await ok.json()).toEqual({ name: "a" });
    expect((await post(app, { name: "bad" })).status).toBe(500);
  });

  it("explains only Standard Schema values it refuses, and leaves anything else to core", () => {
    const validate = () => ({ value: 1 });
    const undocumented = { "~standard": { version: 1, vendor: "effect", validate } };
    expect(standardSchema().explainRefusal?.(undocumented)).toEqual({
      reason: expect.stringContaining('vendor "effect"') as unknown as string,
      missingJsonSchema: true,
    });
    const later = { "~standard": { version: 2, vendor: "x", validate } };
    expect(standardSchema().explainRefusal?.(later)?.reason).toContain("version 2, not 1");
    expect(standardSchema().explainRefusal?.({ type: "object" })).toBeUndefined();
  });

  it("names the fix when a schema has no Standard JSON Schema (Valibot without its wrapper)", () => {
    const Item = v.object({ name: v.string() });
    @Route("/items")
    class ItemController {
      @Post()
      create(@Body(Item) input: unknown) {
        return input;
      }
    }
    let error: unknown;
    try {
      createApp({ schema: standardSchema(), controllers: [ItemController] });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(TrellisConfigError);
    expect((error as TrellisConfigError).code).toBe("MISSING_JSON_SCHEMA");
    expect((error as Error).message).toMatch(/ItemController\.create/);
    expect((error as Error).message).toMatch(
      /toStandardJsonSchema\(\) from @valibot\/to-json-schema/,
    );
  });

  it("documents named ArkType models as components, in OpenAPI 3.0 and 3.1", () => {
    const Address = type({ street: "string", "apartment?": "string | null" }).configure({
      id: "Address",
    });
    const Order = type({ sku: "string", address: Address }).configure({ id: "Order" });
    @Route("/orders")
    class OrderController {
      @Post()
      @Returns(201, Order)
      create(@Body(Order) input: Infer<typeof Order>) {
        return input;
      }
    }
    for (const version of ["3.0", "3.1"] as const) {
      const { document } = createApp({
        schema: standardSchema(),
        controllers: [OrderController],
        openapi: { service: { name: "orders", version: "1.0.0" }, version },
      });
      const schemas = (document as unknown as { components: { schemas: Record<string, unknown> } })
        .components.schemas;
      expect(Object.keys(schemas)).toEqual(expect.arrayContaining(["Address", "Order"]));
      expect(schemas.Order).toMatchObject({
        properties: { address: { $ref: "#/components/schemas/Address" } },
      });
      const apartment = (schemas.Address as { properties: { apartment: unknown } }).properties
        .apartment;
      expect(apartment).toEqual(
        version === "3.0"
          ? { type: "string", nullable: true }
          : { anyOf: [{ type: "string" }, { type: "null" }] },
      );
    }
  });

  it("asks for the document's dialect: openapi-3.0 for 3.0, draft-2020-12 for 3.1", () => {
    const asked: string[] = [];
    const Item = type({ name: "string" });
    const spy = {
      "~standard": {
        ...Item["~standard"],
        jsonSchema: {
          input: (options: { target: string }) => {
            asked.push(options.target);
            return options.target === "openapi-3.0"
              ? { type: "object", properties: { nick: { type: "string", nullable: true } } }
              : { type: "object", properties: { nick: { type: ["string", "null"] } } };
          },
          output: () => ({}),
        },
      },
    };
    @Route("/items")
    class ItemController {
      @Post()
      create(@Body(spy) input: unknown) {
        return input;
      }
    }
    const documents = (["3.0", "3.1"] as const).map((version) => {
      const { document } = createApp({
        schema: standardSchema(),
        controllers: [ItemController],
        openapi: { service: { name: "items", version: "1.0.0" }, version },
      });
      return JSON.stringify(document);
    });
    expect(asked).toEqual(["openapi-3.0", "draft-2020-12"]);
    expect(documents[0]).toContain('"nick":{"type":"string","nullable":true}');
    expect(documents[1]).toContain('"nick":{"type":["string","null"]}');
  });

  it("reads Zod's own openapi-3.0 output and writes it back as 3.0", () => {
    const Item = z.object({
      name: z.string().nullable(),
      size: z.number().gt(0),
      tags: z.array(z.string()).optional(),
    });
    @Route("/items")
    class ItemController {
      @Post()
      create(@Body(Item) input: unknown) {
        return input;
      }
    }
    const openapi = { service: { name: "items", version: "1.0.0" }, version: "3.0" } as const;
    const { document } = createApp({
      schema: standardSchema(),
      controllers: [ItemController],
      openapi,
    });
    const schema = JSON.parse(JSON.stringify(document)).paths["/items"].post.requestBody.content[
      "application/json"
    ].schema;
    expect(schema.properties).toEqual({
      name: { type: "string", nullable: true },
      size: { type: "number", minimum: 0, exclusiveMinimum: true },
      tags: { type: "array", items: { type: "string" } },
    });
  });
});
