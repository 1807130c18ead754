import "reflect-metadata";
import { classValidator } from "@trellis/adapter-class-validator";
import {
  Body,
  Controller,
  createApp,
  Delete,
  Get,
  Param,
  Patch,
  Post,
  Put,
  Route,
} from "@trellis/core";
import { IsInt, IsString, Min } from "class-validator";

class OrderInput {
  @IsString() product!: string;
  @IsInt() @Min(1) quantity!: number;
}

// #region orders
@Route("/orders")
class OrderController extends Controller {
  @Get() // GET /orders
  list() {
    return [{ id: "1", product: "tea", quantity: 2 }];
  }

  @Get("/:id") // GET /orders/:id
  get(@Param("id") id: string) {
    return { id, product: "tea", quantity: 2 };
  }

  @Post("/bulk") // POST /orders/bulk
  createMany(@Body(OrderInput) input: OrderInput) {
    this.setStatus(201);
    this.setHeader("location", "/orders/2");
    return { id: "2", ...input };
  }

  @Put("/:id") // PUT /orders/:id
  replace(@Param("id") id: string, @Body(OrderInput) input: OrderInput) {
    return { id, ...input };
  }

  @Patch("/:id/cancel") // PATCH /orders/:id/cancel
  cancel(@Param("id") id: string) {
    return new Response(`order ${id} cancelled`, { headers: { "content-type": "text/plain" } });
  }

  @Delete("/:id") // DELETE /orders/:id: returning nothing answers 204
  remove(@Param("id") _id: string) {}
}
// #endregion

// #region second-controller
@Route("/")
class RootController extends Controller {
  @Get() // GET /
  index() {
    return { name: "shop", orders: "/orders" };
  }
}

export const app = createApp({
  schema: classValidator(),
  controllers: [OrderController, RootController],
});
// #endregion

/** Calls every route once, then what the routes do not declare. */
export async function demo() {
  const call = (method: string, path: string, body?: unknown) =>
    app.fetch(
      new Request(`http://localhost${path}`, {
        method,
        headers: body === undefined ? {} : { "content-type": "application/json" },
        body: body === undefined ? undefined : JSON.stringify(body),
      }),
    );
  return {
    root: await call("GET", "/"),
    list: await call("GET", "/orders"),
    get: await call("GET", "/orders/7"),
    created: await call("POST", "/orders/bulk", { product: "tea", quantity: 3 }),
    replaced: await call("PUT", "/orders/7", { product: "coffee", quantity: 1 }),
    cancelled: await call("PATCH", "/orders/7/cancel"),
    removed: await call("DELETE", "/orders/7"),
    trailingSlash: await call("GET", "/orders/"),
    doubleSlash: await call("GET", "//orders"),
    head: await call("HEAD", "/orders/7"),
    options: await call("OPTIONS", "/orders/7"),
    notAllowed: await call("POST", "/orders/7"),
    unknown: await call("GET", "/customers"),
  };
}
