// Type tests, one block per adapter: a call takes what the schema accepts (its input type), the
// handler receives what the schema gives (its output type). `pnpm typecheck` compiles this file;
// vitest never runs it, and no call here ever runs.
import { Type as TypeBox034 } from "@sinclair/typebox";
import "@trellis/adapter-class-validator";
import "@trellis/adapter-standard-schema";
import "@trellis/adapter-typebox";
import "@trellis/adapter-valibot";
import "@trellis/adapter-zod";
import { Body, Controller, type Infer, Post, Query } from "@trellis/core";
import { type } from "arktype";
import { IsInt, IsOptional, IsString } from "class-validator";
import TypeBox1 from "typebox";
import * as v from "valibot";
import { describe, expectTypeOf, it } from "vitest";
import * as z from "zod";
import { createClient } from "./create-client.js";

/** What a call of `method` takes, and what the handler `method` receives, as its first argument. */
type Sent<F> = F extends (first: infer A, ...rest: never[]) => unknown ? A : never;

describe("class-validator: the class is both what is sent and what is received", () => {
  class Paging {
    @IsOptional() @IsInt() page?: number;
    @IsString() sort!: string;
  }

  class Items extends Controller {
    @Post()
    list(@Query(Paging) paging: Infer<typeof Paging>) {
      expectTypeOf(paging).toEqualTypeOf<Paging>();
      return paging.sort;
    }
  }
  const api = createClient<{ items: Items }>({ baseUrl: "http://shop.test" });

  it("keeps optional fields optional and required ones required", () => {
    expectTypeOf<Sent<typeof api.items.list>>().toEqualTypeOf<Paging>();
    const calls = () => {
      void api.items.list({ sort: "name" });
      // @ts-expect-error the sort is required
      void api.items.list({});
    };
    expectTypeOf(calls).toBeFunction();
  });
});

describe("TypeBox 0.34: Static<S> is both (TypeBox's types carry no default)", () => {
  const Paging = TypeBox034.Object({
    page: TypeBox034.Optional(TypeBox034.Integer({ default: 1 })),
    sort: TypeBox034.String(),
  });

  class Items extends Controller {
    @Post()
    list(@Query(Paging) paging: Infer<typeof Paging>) {
      expectTypeOf(paging).toEqualTypeOf<{ page?: number; sort: string }>();
      return paging.sort;
    }
  }
  const api = createClient<{ items: Items }>({ baseUrl: "http://shop.test" });

  it("sends the static type", () => {
    expectTypeOf<Sent<typeof api.items.list>>().toEqualTypeOf<{ page?: number; sort: string }>();
    const calls = () => {
      void api.items.list({ sort: "name" });
      // @ts-expect-error the sort is required
      void api.items.list({});
    };
    expectTypeOf(calls).toBeFunction();
  });
});

describe("TypeBox 1.x: Static<S> is both", () => {
  const Paging = TypeBox1.Object({
    page: TypeBox1.Optional(TypeBox1.Integer({ default: 1 })),
    sort: TypeBox1.String(),
  });

  class Items extends Controller {
    @Post()
    list(@Query(Paging) paging: Infer<typeof Paging>) {
      expectTypeOf(paging).toEqualTypeOf<{ page?: number; sort: string }>();
      return paging.sort;
    }
  }
  const api = createClient<{ items: Items }>({ baseUrl: "http://shop.test" });

  it("sends the static type", () => {
    expectTypeOf<Sent<typeof api.items.list>>().toEqualTypeOf<{ page?: number; sort: string }>();
    const calls = () => {
      // @ts-expect-error the sort is required
      void api.items.list({ page: 2 });
    };
    expectTypeOf(calls).toBeFunction();
  });
});

describe("Zod: z.input for the call, z.output for the handler", () => {
  const Paging = z.object({ page: z.int().default(1), since: z.string().transform(Number) });

  class Items extends Controller {
    @Post()
    list(@Body(Paging) paging: Infer<typeof Paging>) {
      expectTypeOf(paging.page).toEqualTypeOf<number>();
      expectTypeOf(paging.since).toEqualTypeOf<number>();
      return paging.page;
    }
  }
  const api = createClient<{ items: Items }>({ baseUrl: "http://shop.test" });

  it("lets the default be left out and sends the transform's input", () => {
    expectTypeOf<Sent<typeof api.items.list>>().toEqualTypeOf<z.input<typeof Paging>>();
    expectTypeOf<Sent<typeof api.items.list>>().toEqualTypeOf<{
      page?: number | undefined;
      since: string;
    }>();
    const calls = () => {
      void api.items.list({ since: "1" });
      // @ts-expect-error the transform reads a string
      void api.items.list({ since: 1 });
    };
    expectTypeOf(calls).toBeFunction();
  });
});

describe("Valibot: InferInput for the call, InferOutput for the handler", () => {
  const Paging = v.object({ page: v.optional(v.number(), 1), sort: v.string() });

  class Items extends Controller {
    @Post()
    list(@Query(Paging) paging: Infer<typeof Paging>) {
      expectTypeOf(paging).toExtend<v.InferOutput<typeof Paging>>();
      expectTypeOf(paging.page).toEqualTypeOf<number>();
      return paging.sort;
    }
  }
  const api = createClient<{ items: Items }>({ baseUrl: "http://shop.test" });

  it("lets the default be left out", () => {
    expectTypeOf<Sent<typeof api.items.list>>().toEqualTypeOf<v.InferInput<typeof Paging>>();
    const calls = () => {
      void api.items.list({ sort: "name" });
      // @ts-expect-error the sort is required
      void api.items.list({});
    };
    expectTypeOf(calls).toBeFunction();
  });
});

describe("Standard Schema (ArkType): types.input for the call, types.output for the handler", () => {
  const Paging = type({ page: "number = 1", since: "string.numeric.parse" });

  class Items extends Controller {
    @Post()
    list(@Query(Paging) paging: Infer<typeof Paging>) {
      expectTypeOf(paging.page).toEqualTypeOf<number>();
      expectTypeOf(paging.since).toEqualTypeOf<number>();
      return paging.page;
    }
  }
  const api = createClient<{ items: Items }>({ baseUrl: "http://shop.test" });

  it("lets the default be left out and sends the parse's input", () => {
    expectTypeOf<Sent<typeof api.items.list>>().toEqualTypeOf<typeof Paging.inferIn>();
    const calls = () => {
      void api.items.list({ since: "1" });
      // @ts-expect-error the parse reads a string
      void api.items.list({ since: 1 });
    };
    expectTypeOf(calls).toBeFunction();
  });
});
