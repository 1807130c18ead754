// Type tests: `pnpm typecheck` compiles this file (vitest never runs it), so a wrong type, or a
// `@ts-expect-error` whose line stopped failing, fails the build. No call here ever runs.
import { Controller, Get, type Infer, Param, Post, Query } from "@trellis/core";
import { describe, expectTypeOf, it } from "vitest";
import * as z from "zod";
import type { ClientArguments, ClientResult } from "./client-types.js";
import { createClient } from "./create-client.js";
import type { SseMessage } from "./event-stream.js";
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

  it("reads an @Sse route as typed events and a text route as a string", () => {
    expectTypeOf(api.orders.events).returns.resolves.toEqualTypeOf<
      AsyncIterable<SseMessage<Order | "a line of text">>
    >();
    expectTypeOf(api.orders.events).parameters.toEqualTypeOf<[from?: number]>();
    expectTypeOf(api.orders.export).returns.resolves.toEqualTypeOf<string>();
  });

  it("takes a FormData for a multipart body with files, and only there", () => {
    expectTypeOf<FormData>().toExtend<Parameters<typeof api.orders.upload>[0]>();
    expectTypeOf<FormData>().not.toExtend<Parameters<typeof api.orders.create>[0]>();
    const calls = () => {
      // @ts-expect-error a JSON body is no form
      void api.orders.create(new FormData(), "t", "s");
    };
    expectTypeOf(calls).toBeFunction();
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
    expectTypeOf<ClientArguments<[a: {}, b: unknown]>>().toEqualTypeOf<[a: {}, b: unknown]>();
  });

  it("is unknown where a handler may return a Response", () => {
    expectTypeOf<ClientResult<Promise<Order | Response>>>().toEqualTypeOf<unknown>();
    expectTypeOf<ClientResult<Promise<Order>>>().toEqualTypeOf<Order>();
    expectTypeOf<ClientResult<void>>().toEqualTypeOf<void>();
  });
});

// A schema with a default, a transform and a coercion: each takes another type than it gives.
const Search = z.object({ page: z.int().default(1), size: z.int().optional() });
const Stamp = z.object({ at: z.string().transform((text) => new Date(text)) });

class SearchController extends Controller {
  @Get()
  search(@Query(Search) query: Infer<typeof Search>) {
    expectTypeOf(query).toExtend<{ page: number; size?: number | undefined }>();
    return query.page;
  }

  @Post()
  stamp(@Query(Stamp) stamp: Infer<typeof Stamp>, @Param("n", z.coerce.number()) n?: number) {
    expectTypeOf(stamp.at).toEqualTypeOf<Date>();
    return n;
  }
}

describe("a schema's input type for the call, its output type for the handler", () => {
  const shop = createClient<{ search: SearchController }>({ baseUrl: "http://shop.test" });

  it("lets a call leave out a field with a default, which the handler always receives", () => {
    expectTypeOf(shop.search.search).parameters.toEqualTypeOf<
      [query: { page?: number | undefined; size?: number | undefined }]
    >();
    expectTypeOf<Parameters<SearchController["search"]>[0]["page"]>().toEqualTypeOf<number>();
    expectTypeOf(api.orders.list).parameters.toEqualTypeOf<
      [paging: { page?: number | undefined; tag?: string[] | undefined }]
    >();
    const calls = () => {
      void shop.search.search({});
      void api.orders.list({});
      // @ts-expect-error the page is a number
      void shop.search.search({ page: "2" });
    };
    expectTypeOf(calls).toBeFunction();
  });

  it("sends what a transform reads, and keeps a parameter declared with a plain type", () => {
    expectTypeOf(shop.search.stamp).parameters.toEqualTypeOf<[stamp: { at: string }, n?: number]>();
    const calls = () => {
      // @ts-expect-error the transform reads a string, not the Date it gives
      void shop.search.stamp({ at: new Date() });
    };
    expectTypeOf(calls).toBeFunction();
  });
});
