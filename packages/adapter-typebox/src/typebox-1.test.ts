import { Type as Type034 } from "@sinclair/typebox";
import { Body, createApp, Post, Returns, Route } from "@trellis/core";
import { compileThroughCore } from "@trellis/testing";
import Type from "typebox";
import { describe, expect, it } from "vitest";
import { typebox } from "./index.js";

const body = { target: "body" } as const;

describe("typebox() with TypeBox 1.x schemas", () => {
  it("strips undeclared properties at any depth (core applies the policy)", () => {
    const schema = Type.Object({ user: Type.Object({ name: Type.String() }) });
    const input = { user: { name: "a", admin: true }, extra: 1 };
    expect(compileThroughCore(typebox(), schema, body)(input)).toEqual({
      ok: true,
      value: { user: { name: "a" } },
    });
    expect(input.user.admin).toBe(true);
  });

  it("reports a missing property at its own path", () => {
    const schema = Type.Object({ name: Type.String(), age: Type.Integer() });
    const result = compileThroughCore(typebox(), schema, body)({ age: 1 });
    expect(result).toMatchObject({ ok: false, issues: [{ path: ["name"], code: "required" }] });
  });

  it("resolves Type.Ref through references, in validation and in the document", () => {
    const Address = Type.Object({ street: Type.String() }, { $id: "Address" });
    const Order = Type.Object({ address: Type.Ref("Address") }, { $id: "Order" });
    const adapter = typebox({ references: [Address] });
    const validate = compileThroughCore(adapter, Order, body);
    expect(validate({ address: { street: "x" } }).ok).toBe(true);
    expect(validate({ address: { street: 1 } }).ok).toBe(false);

    @Route("/orders")
    class OrderController {
      @Post()
      @Returns(201, Order)
      create(@Body(Order) input: unknown) {
        return input as { address: { street: string } };
      }
    }
    const { document } = createApp({ schema: adapter, controllers: [OrderController] });
    const schemas = (document as unknown as { components: { schemas: Record<string, unknown> } })
      .components.schemas;
    expect(schemas.Order).toEqual({
      type: "object",
      required: ["address"],
      properties: { address: { $ref: "#/components/schemas/Address" } },
    });
    expect(schemas.Address).toMatchObject({ properties: { street: { type: "string" } } });
  });

  it("serves schemas of both lines in one app", async () => {
    const New = Type.Object({ name: Type.String() });
    const Old = Type034.Object({ name: Type034.String() });
    @Route("/items")
    class ItemController {
      @Post("/new")
      createNew(@Body(New) input: unknown) {
        return input;
      }

      @Post("/old")
      createOld(@Body(Old) input: unknown) {
        return input;
      }
    }
    const app = createApp({ schema: typebox(), controllers: [ItemController] });
    for (const path of ["/items/new", "/items/old"]) {
      const post = (json: unknown) =>
        app.fetch(
          new Request(`http://localhost${path}`, {
            method: "POST",
            headers: { "content-type": "application/json" },
            body: JSON.stringify(json),
          }),
        );
      expect(await (await post({ name: "a", extra: 1 })).json()).toEqual({ name: "a" });
      expect((await post({ name: 1 })).status).toBe(400);
    }
  });
});
