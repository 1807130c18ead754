import "reflect-metadata";
import { classValidator } from "@trellis/adapter-class-validator";
import {
  Body,
  Controller,
  createApp,
  Delete,
  Description,
  Get,
  Param,
  Patch,
  Post,
  Put,
  Returns,
  Route,
  Summary,
} from "@trellis/core";
import { IsInt, IsString, Min } from "class-validator";
import { documented } from "./documented.ts";

class OrderInput {
  @IsString() product!: string;
  @IsInt() @Min(1) quantity!: number;
}

class Order extends OrderInput {
  @IsString() id!: string;
}

class ShopIndex {
  @IsString() name!: string;
  @IsString() orders!: string;
}

// #region orders
@Route("/orders")
@Description("Orders of the shop") // describes the controller's tag, "Order"
class OrderController extends Controller {
  @Get() // GET /orders
  @Summary("List orders")
  @Description("Every order, oldest first.")
  @Returns(200, [Order], "The orders")
  list() {
    return [{ id: "1", product: "tea", quantity: 2 }];
  }

  @Get("/:id") // GET /orders/:id
  @Summary("Get an order")
  @Description("One order by its id.")
  @Returns(200, Order, "The order")
  get(@Param("id") id: string) {
    return { id, product: "tea", quantity: 2 };
  }

  @Post("/bulk") // POST /orders/bulk
  @Summary("Create an order")
  @Description("Stores the order; `Location` names it.")
  @Returns(201, Order, "The created order")
  createMany(@Body(OrderInput) input: OrderInput) {
    this.setStatus(201);
    this.setHeader("location", "/orders/2");
    return { id: "2", ...input };
  }

  @Put("/:id") // PUT /orders/:id
  @Summary("Replace an order")
  @Description("Replaces the whole order.")
  @Returns(200, Order, "The replaced order")
  replace(@Param("id") id: string, @Body(OrderInput) input: OrderInput) {
    return { id, ...input };
  }

  @Patch("/:id/cancel") // PATCH /orders/:id/cancel
  @Summary("Cancel an order")
  @Description("Answers a plain-text confirmation.")
  @Returns(200, "A text/plain confirmation")
  cancel(@Param("id") id: string) {
    return new Response(`order ${id} cancelled`, { headers: { "content-type": "text/plain" } });
  }

  @Delete("/:id") // DELETE /orders/:id: returning nothing answers 204
  @Summary("Delete an order")
  @Description("Forgets the order.")
  @Returns(204, "Deleted")
  remove(@Param("id") _id: string) {}
}
// #endregion

// #region second-controller
@Route("/")
@Description("Where to start")
class RootController extends Controller {
  @Get() // GET /
  @Summary("Shop index")
  @Description("Links to the shop's collections.")
  @Returns(200, ShopIndex, "The links")
  index() {
    return { name: "shop", orders: "/orders" };
  }
}

export const app = createApp({
  schema: classValidator(),
  controllers: [OrderController, RootController],
  openapi: documented("shop", "Orders of a small shop."),
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
