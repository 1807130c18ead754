// One server for bench/telemetry.ts: S1 (GET /users/42), S2 (POST /users), S3 (GET
// /users?page=2&limit=10), written as trellis-typebox writes them. TRELLIS_CORE: the core build to
// use (a build from before observability, for the baseline); MODE=sdk registers the OpenTelemetry
// SDK first (a batch span processor and a metric reader, both exporting over OTLP/HTTP to
// OTLP_SINK) and installs openTelemetry() of @trellis/otel, so the app traces and measures every
// request; otherwise nothing is registered and the app has no telemetry.
import { type Static, Type } from "@sinclair/typebox";
import { typebox } from "@trellis/adapter-typebox";
import { hostname, port } from "../targets/shared/listen.js";
import { createUser, findUser, listUsers } from "../targets/shared/users.js";

if (process.env.MODE === "sdk") {
  const { metrics, trace } = await import("@opentelemetry/api");
  const { BatchSpanProcessor, TracerProvider } = await import("@opentelemetry/sdk-trace");
  const { MeterProvider, PeriodicExportingMetricReader } = await import(
    "@opentelemetry/sdk-metrics"
  );
  const { OTLPTraceExporter } = await import("@opentelemetry/exporter-trace-otlp-http");
  const { OTLPMetricExporter } = await import("@opentelemetry/exporter-metrics-otlp-http");
  const sink = process.env.OTLP_SINK;
  trace.setGlobalTracerProvider(
    new TracerProvider({
      spanProcessors: [
        new BatchSpanProcessor({ exporter: new OTLPTraceExporter({ url: `${sink}/v1/traces` }) }),
      ],
    }),
  );
  metrics.setGlobalMeterProvider(
    new MeterProvider({
      readers: [
        new PeriodicExportingMetricReader({
          exporter: new OTLPMetricExporter({ url: `${sink}/v1/metrics` }),
          exportIntervalMillis: 5000,
        }),
      ],
    }),
  );
}

const core: typeof import("@trellis/core") = await import(
  process.env.TRELLIS_CORE ?? "@trellis/core"
);
const { Body, Controller, createApp, Get, Param, Post, Query, Returns, Route } = core;

const User = Type.Object({ id: Type.String(), name: Type.String(), email: Type.String() });
const CreateUser = Type.Object({
  name: Type.String({ minLength: 1 }),
  email: Type.String({ format: "email" }),
});
const UserParams = Type.Object({ id: Type.String() });
const ListQuery = Type.Object({
  page: Type.Integer({ minimum: 1 }),
  limit: Type.Integer({ minimum: 1, maximum: 100 }),
});

@Route("/users")
class UserController extends Controller {
  @Get("/:id")
  @Returns(200, User)
  get(@Param(UserParams) params: Static<typeof UserParams>) {
    return findUser(params.id);
  }

  @Get()
  @Returns(200, [User])
  list(@Query(ListQuery) query: Static<typeof ListQuery>) {
    return listUsers(query.page, query.limit);
  }

  @Post()
  @Returns(201, User)
  create(@Body(CreateUser) input: Static<typeof CreateUser>) {
    this.setStatus(201);
    return createUser(input);
  }
}

// With the SDK, the app reports through @trellis/otel; off, it has no telemetry at all (as the
// baseline's core, which predates the option).
const telemetry =
  process.env.MODE === "sdk" ? (await import("@trellis/otel")).openTelemetry() : undefined;
const app = createApp({
  schema: typebox(),
  controllers: [UserController],
  ...(telemetry === undefined ? {} : { telemetry }),
});
Bun.serve({ port, hostname, routes: app.routes, fetch: app.fetch });
console.log(`ready ${process.env.MODE ?? "off"}`);
