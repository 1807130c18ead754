import { context, metrics, propagation, trace } from "@opentelemetry/api";
import { Type } from "@sinclair/typebox";
import { typebox } from "@trellis/adapter-typebox";
import {
  Controller,
  createApp,
  Get,
  getRequestLogger,
  Injectable,
  Param,
  Req,
  Route,
} from "@trellis/core";
import { healthChecks, healthIndicator } from "@trellis/health";
import { openTelemetry } from "@trellis/otel";
import { startOpenTelemetry } from "./observability-sdk.js";

@Injectable()
export class Database {
  up = true;
  ping() {
    return this.up;
  }
}

@Route("/orders")
class OrderController extends Controller {
  @Get("/:id")
  get(@Param("id", Type.String()) id: string, @Req() request: Request) {
    // #region request-logger
    getRequestLogger(request).info("order read", { orderId: id }); // carries the request id
    // #endregion
    return { id };
  }
}

// #region app
export function ordersApp() {
  return createApp({
    schema: typebox(),
    controllers: [OrderController],
    providers: [Database],
    // On: the SDK is registered first. Plus "request completed" lines through the logger's info.
    plugins: [
      openTelemetry({ requestHeaders: ["x-tenant-id"], accessLog: true }),
      healthChecks({
        indicators: { database: healthIndicator(Database, (database) => database.ping()) },
        pressure: { maxEventLoopDelayMs: 1000, maxRssBytes: 2 * 1024 ** 3 },
      }),
    ],
  });
}
// #endregion

/** Runs the guide: the SDK sends to `endpoint`, an order is read, the probes answer. */
export async function demo(endpoint: string) {
  const before = process.env.OTEL_EXPORTER_OTLP_ENDPOINT;
  process.env.OTEL_EXPORTER_OTLP_ENDPOINT = endpoint;
  const sdk = startOpenTelemetry();
  try {
    const app = ordersApp();
    const order = await app.fetch(
      new Request("http://localhost/orders/7", {
        headers: { traceparent: "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01" },
      }),
    );
    const ready = await app.fetch(new Request("http://localhost/health/ready"));
    const result = { order: order.status, ready: await ready.json(), document: app.document };
    await app.close({ graceMs: 0 });
    return result;
  } finally {
    await sdk.shutdown();
    for (const api of [trace, metrics, propagation, context]) api.disable();
    if (before === undefined) delete process.env.OTEL_EXPORTER_OTLP_ENDPOINT;
    else process.env.OTEL_EXPORTER_OTLP_ENDPOINT = before;
  }
}
