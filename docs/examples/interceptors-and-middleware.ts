import "reflect-metadata";
import { classValidator } from "@trellis/adapter-class-validator";
import {
  type CallHandler,
  Controller,
  cors,
  createApp,
  Description,
  type ExecutionContext,
  Get,
  type Interceptor,
  type Middleware,
  Param,
  Returns,
  Route,
  Summary,
  UseInterceptors,
  UseMiddleware,
} from "@trellis/core";
import { Type } from "class-transformer";
import { IsInt, IsObject, ValidateNested } from "class-validator";
import { documented } from "./documented.ts";

class Report {
  @IsInt() year!: number;
  @IsInt() total!: number;
}

/** What the `Envelope` interceptor makes of a report. */
class ReportEnvelope {
  @IsObject() @ValidateNested() @Type(() => Report) data!: Report;
}

// #region interceptor
/** Wraps every value a handler returns in `{ data }`; a returned Response passes through. */
class Envelope implements Interceptor {
  async intercept(_context: ExecutionContext, next: CallHandler) {
    const data = await next(); // runs the inner interceptors and the handler, once
    return data instanceof Response ? data : { data };
  }
}

/** Times the handler; the function form of an interceptor. */
export const timings: string[] = [];
const timing = async ({ handler }: ExecutionContext, next: CallHandler) => {
  const started = performance.now();
  try {
    return await next();
  } finally {
    timings.push(`${handler} ${(performance.now() - started).toFixed(1)} ms`);
  }
};
// #endregion

// #region middleware
/** Gives every answer an `x-request-id`: routes, 400, 404, 405 and OPTIONS alike. */
const requestId: Middleware = async (request, next) => {
  const id = request.headers.get("x-request-id") ?? crypto.randomUUID();
  const response = await next(); // never rejects: errors arrive as problem responses
  response.headers.set("x-request-id", id);
  return response;
};

/** Marks one controller's answers as not cacheable. */
const noStore: Middleware = async (_request, next) => {
  const response = await next();
  response.headers.set("cache-control", "no-store");
  return response;
};
// #endregion

// #region controller
@Route("/reports")
@Description("Yearly reports")
@UseInterceptors(Envelope)
@UseMiddleware(noStore)
class ReportController extends Controller {
  @Get("/:year")
  @UseInterceptors(timing) // inside Envelope: class interceptors run outside the method's
  @Summary("Get a yearly report")
  @Description("The totals of one year, in an envelope.")
  @Returns(200, ReportEnvelope, "The report")
  // Envelope turns what this returns into `{ data }`: @Returns documents what clients receive.
  get(@Param("year") year: number): any {
    return { year, total: 42 };
  }
}
// #endregion

// #region app
export const app = createApp({
  schema: classValidator(),
  controllers: [ReportController],
  middleware: [
    cors({ origin: ["https://app.example.com"], credentials: true, maxAge: 600 }),
    requestId,
  ],
  openapi: documented("reports", "Yearly reports."),
});
// #endregion

/** A report, a validation error, a missing route and a CORS preflight, from the browser's side. */
export async function demo() {
  const call = (method: string, path: string, headers: Record<string, string> = {}) =>
    app.fetch(new Request(`http://localhost${path}`, { method, headers }));
  const origin = { origin: "https://app.example.com" };
  return {
    report: await call("GET", "/reports/2024", { ...origin, "x-request-id": "abc" }),
    invalid: await call("GET", "/reports/last-year", origin),
    missing: await call("GET", "/nowhere", origin),
    preflight: await call("OPTIONS", "/reports/2024", {
      ...origin,
      "access-control-request-method": "GET",
      "access-control-request-headers": "x-request-id",
    }),
    otherOrigin: await call("GET", "/reports/2024", { origin: "https://evil.example" }),
    timings,
  };
}
