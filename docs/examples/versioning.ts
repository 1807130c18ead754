import "reflect-metadata";
import { classValidator } from "@trellis/adapter-class-validator";
import {
  Controller,
  createApp,
  Deprecated,
  Description,
  Get,
  NotFoundException,
  Param,
  Returns,
  Route,
  Summary,
  Version,
  type VersioningOptions,
} from "@trellis/core";
import { IsDefined, IsString, ValidateNested } from "class-validator";
import { documented } from "./documented.ts";

class Order {
  @IsString() id!: string;
  @IsString() status!: string;
}

class OrderEnvelope {
  @IsDefined() @ValidateNested() data!: Order;
}

const orders = new Map([["7", { id: "7", status: "shipped" }]]);
const find = (id: string): Order => {
  const order = orders.get(id);
  if (!order) throw new NotFoundException("No order has this id.");
  return order;
};

// #region controllers
@Route("/orders")
@Version("1")
@Description("Orders, version 1")
class OrderV1Controller extends Controller {
  @Get("/:id")
  @Summary("Get an order")
  @Description("One order by id. Version 2 answers it in an envelope.")
  @Deprecated({
    since: "2026-01-01",
    sunset: "2026-12-31",
    link: "https://example.com/docs/orders-v2",
  })
  @Returns(200, Order, "The order")
  @Returns(404, "No order has this id")
  get(@Param("id") id: string): Order {
    return find(id);
  }
}

@Route("/orders")
@Version("2")
@Description("Orders, version 2")
class OrderV2Controller extends Controller {
  @Get("/:id")
  @Summary("Get an order (in an envelope)")
  @Description("One order by id, inside `data`.")
  @Returns(200, OrderEnvelope, "The order")
  @Returns(404, "No order has this id")
  get(@Param("id") id: string): OrderEnvelope {
    return { data: find(id) };
  }
}

// No @Version: served, and documented, in every version.
@Route("/health")
@Description("Probes")
class HealthController extends Controller {
  @Get()
  @Summary("Liveness")
  @Description("Answers while the process runs.")
  @Returns(200, undefined, "Alive")
  live(): void {}
}
// #endregion controllers

/** The orders API, versioned by URI (`/v1/orders/7`) or by header (`api-version: 2`). */
export function versionedApp(versioning?: VersioningOptions) {
  // #region app
  const app = createApp({
    schema: classValidator(),
    controllers: [OrderV1Controller, OrderV2Controller, HealthController],
    docs: { swagger: true },
    versioning, // { strategy: "uri" } by default; or { strategy: "header", default: "1" }
    openapi: documented("orders", "Orders, in two versions."),
  });
  // #endregion app
  return app;
}

/** Each way of asking for a version, and the documents. */
export async function demo() {
  const byUri = versionedApp();
  const byHeader = versionedApp({ strategy: "header", header: "api-version", default: "1" });
  const get = (app: typeof byUri, path: string, headers?: Record<string, string>) =>
    app.fetch(new Request(`http://localhost${path}`, { headers }));
  return {
    v1: await get(byUri, "/v1/orders/7"),
    v2: await get(byUri, "/v2/orders/7"),
    v3: await get(byUri, "/v3/orders/7"),
    header2: await get(byHeader, "/orders/7", { "api-version": "2" }),
    headerDefault: await get(byHeader, "/orders/7"),
    headerUnknown: await get(byHeader, "/orders/7", { "api-version": "9" }),
    documents: byUri.documents,
    v2Document: await get(byUri, "/docs/v2/openapi.json"),
  };
}
