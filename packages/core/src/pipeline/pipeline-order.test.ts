import { connect } from "node:net";
import { jsonSchemaAdapter, schema } from "@trellis/testing";
import { afterAll, describe, expect, it } from "vitest";
import { createApp } from "../app/create-app.js";
import { Controller } from "../controller/controller.js";
import { Body, Param } from "../decorators/bindings.js";
import { Returns } from "../decorators/returns.js";
import { Route } from "../decorators/route.js";
import { Security } from "../decorators/security.js";
import { UseGuards } from "../decorators/use-guards.js";
import { UseInterceptors } from "../decorators/use-interceptors.js";
import { UseMiddleware } from "../decorators/use-middleware.js";
import { Post } from "../decorators/verbs.js";
import type { SchemaAdapter } from "../schema/schema-adapter.js";
import type { ExecutionContext } from "./execution-context.js";
import type { CallHandler } from "./interceptor.js";
import type { Middleware } from "./middleware.js";

const trace: string[] = [];
let allow = true;

// The test adapter, recording every validation it runs.
const base = jsonSchemaAdapter();
const adapter: SchemaAdapter = {
  name: base.name,
  isSchema: base.isSchema,
  toJsonSchema: base.toJsonSchema,
  compile(value, options) {
    const validate = base.compile(value, options);
    return (input) => {
      trace.push(`validate ${options.target}`);
      return validate(input);
    };
  },
};

const middleware =
  (name: string): Middleware =>
  async (_request, next) => {
    trace.push(`${name} middleware in`);
    const response = await next();
    trace.push(`${name} middleware out ${response.status}`);
    return response;
  };
const guard = (name: string) => (context: ExecutionContext) => {
  trace.push(`${name} guard${context.scopes.length > 0 ? ` [${context.scopes.join(",")}]` : ""}`);
  return allow;
};
const interceptor = (name: string) => async (_context: ExecutionContext, next: CallHandler) => {
  trace.push(`${name} interceptor in`);
  const value = await next();
  trace.push(`${name} interceptor out`);
  return value;
};

const Input = schema({ type: "object", properties: { name: { type: "string" } } });
const Output = schema({ type: "object", properties: { id: { type: "string" } } });

@Route("/items")
@UseMiddleware(middleware("class"))
@UseGuards(guard("class"))
@UseInterceptors(interceptor("class"))
class ItemController extends Controller {
  @Post("/:id")
  @UseMiddleware(middleware("method"))
  @UseGuards(guard("method"))
  @UseInterceptors(interceptor("method"))
  @Security("bearer", ["write"])
  @Returns(201, Output)
  create(@Param("id") id: string, @Body(Input) input: { name: string }) {
    trace.push(`handler ${input.name}`);
    this.setStatus(201);
    return { id };
  }
}

const app = createApp({
  schema: adapter,
  controllers: [ItemController],
  openapi: { securitySchemes: { bearer: { type: "http", scheme: "bearer" } } },
  middleware: [middleware("global")],
  guards: [guard("global")],
  interceptors: [interceptor("global")],
  security: { bearer: guard("bearer") },
  validateResponse: true,
  logger: { error: () => {} },
});

/** A JSON body streamed without a length, recording when the server first pulls from it. */
function recordingBody(text: string): ReadableStream<Uint8Array> {
  let sent = false;
  return new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (!sent) {
          trace.push("body read");
          sent = true;
          controller.enqueue(new TextEncoder().encode(text));
        } else {
          controller.close();
        }
      },
    },
    // No eager pull: the stream is read only when someone reads it.
    { highWaterMark: 0 },
  );
}

function post(body: ReadableStream<Uint8Array>): Request {
  return new Request("http://test.local/items/7", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body,
    duplex: "half",
  } as RequestInit);
}

describe("the request pipeline's order", () => {
  it("runs middleware -> security and guards -> body -> validation -> interceptors -> handler -> response validation", async () => {
    allow = true;
    trace.length = 0;
    const response = await app.fetch(post(recordingBody('{"name":"pen"}')));
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({ id: "7" });
    expect(trace).toEqual([
      "global middleware in",
      "class middleware in",
      "method middleware in",
      "bearer guard [write]",
      "global guard",
      "class guard",
      "method guard",
      "body read",
      "validate body",
      "global interceptor in",
      "class interceptor in",
      "method interceptor in",
      "handler pen",
      "method interceptor out",
      "class interceptor out",
      "global interceptor out",
      "validate response",
      "method middleware out 201",
      "class middleware out 201",
      "global middleware out 201",
    ]);
  });

  it("never reads the body of a request a guard refuses", async () => {
    allow = false;
    trace.length = 0;
    const response = await app.fetch(post(recordingBody('{"name":"pen"}')));
    // The security guard refused: 401, and nothing after it ran.
    expect(response.status).toBe(401);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(trace).toEqual([
      "global middleware in",
      "class middleware in",
      "method middleware in",
      "bearer guard [write]",
      "method middleware out 401",
      "class middleware out 401",
      "global middleware out 401",
    ]);
  });
});

describe("a guard refusing under a real Bun.serve", () => {
  const server = Bun.serve({ port: 0, routes: app.routes, fetch: app.fetch });
  afterAll(() => server.stop(true));

  /**
   * Sends headers announcing a 100 kB body but only 10 bytes of it, and resolves with the status
   * line, or "no answer" when the server has not answered within `wait` ms (it is still waiting
   * for the body).
   */
  function partialPost(wait: number): Promise<string> {
    return new Promise((resolve, reject) => {
      const socket = connect(server.port as number, "127.0.0.1", () => {
        socket.write(
          "POST /items/7 HTTP/1.1\r\nHost: test\r\nContent-Type: application/json\r\n" +
            'Content-Length: 100000\r\n\r\n{"name":"',
        );
      });
      const timer = setTimeout(() => {
        socket.destroy();
        resolve("no answer");
      }, wait);
      socket.on("data", (chunk) => {
        clearTimeout(timer);
        socket.destroy();
        resolve(String(chunk).split("\r\n")[0] ?? "");
      });
      socket.on("error", reject);
    });
  }

  it("answers before the body has arrived, without waiting for it", async () => {
    allow = false;
    expect(await partialPost(2000)).toBe("HTTP/1.1 401 Unauthorized");
    // The control: an allowed request does wait for the rest of its body.
    allow = true;
    expect(await partialPost(300)).toBe("no answer");
  });
});
