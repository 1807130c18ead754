// Type tests: `pnpm typecheck` compiles this file, so a wrong type, or a `@ts-expect-error` whose
// line stopped failing, fails the build. The calls never run: the client has no server here.
import { describe, expectTypeOf, it } from "vitest";
import type { ClientArguments, ClientResult } from "./client-types.js";
import { createClient } from "./create-client.js";
import type { Order, OrderController } from "./test-helpers/orders-app.js";

const api = createClient<{ orders: OrderController }>({ baseUrl: "http://shop.test" });

describe("the client's types", () => {
  it("keeps each method's parameters, without @Req(), and its awaited return type", () => {
    expectTypeOf(api.orders.get).toEqualTypeOf<(id: string) => Promise<Order>>();
    expectTypeOf(api.orders.get).parameters.toEqualTypeOf<[id: string]>();
    expectTypeOf(api.orders.list).returns.toEqualTypeOf<Promise<Order[]>>();
    expectTypeOf(api.orders.create).parameters.toEqualTypeOf<
      [input: { sku: string; quantity: number }, tenant: string, session: string]
    >();
    expectTypeOf(api.orders.echo).returns.resolves.toEqualTypeOf<{
      a: string;
      b: number;
      q: string;
    }>();
  });

  it("takes a FormData for a multipart body with files, and only there", () => {
    expectTypeOf<FormData>().toExtend<Parameters<typeof api.orders.upload>[0]>();
    expectTypeOf<FormData>().not.toExtend<Parameters<typeof api.orders.create>[0]>();
    const calls = () => {
      // @ts-expect-error a JSON body is no form
      void api.orders.create(new FormData(), "t", "s");
    };
    void calls;
  });

  it("has no member for what is not a public method", () => {
    expectTypeOf(api.orders).not.toHaveProperty("orders");
    expectTypeOf(api.orders).not.toHaveProperty("setStatus");
  });

  it("rejects a misspelt method, a wrong argument and a missing one", () => {
    const calls = () => {
      // @ts-expect-error no such method
      void api.orders.gett("1");
      // @ts-expect-error the id is a string
      void api.orders.get(1);
      // @ts-expect-error quantity is a number
      void api.orders.create({ sku: "tea", quantity: "2" }, "t", "s");
      // @ts-expect-error the tenant and the session are missing
      void api.orders.create({ sku: "tea", quantity: 2 });
      // @ts-expect-error no such controller
      void api.order.get("1");
    };
    expectTypeOf(calls).toBeFunction();
  });

  it("drops only Request parameters, and keeps names and optional ones", () => {
    expectTypeOf<ClientArguments<[a: string, b?: number]>>().toEqualTypeOf<
      [a: string, b?: number]
    >();
    expectTypeOf<ClientArguments<[r: Request, a: string]>>().toEqualTypeOf<[a: string]>();
    expectTypeOf<ClientArguments<[a: string, r: Request]>>().toEqualTypeOf<[a: string]>();
    expectTypeOf<ClientArguments<[a: any]>>().toEqualTypeOf<[a: any]>();
  });

  it("is unknown where a handler may return a Response", () => {
    expectTypeOf<ClientResult<Promise<Order | Response>>>().toEqualTypeOf<unknown>();
    expectTypeOf<ClientResult<Promise<Order>>>().toEqualTypeOf<Order>();
    expectTypeOf<ClientResult<void>>().toEqualTypeOf<void>();
  });
});
