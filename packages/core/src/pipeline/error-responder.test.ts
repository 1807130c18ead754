import { describe, expect, it, vi } from "vitest";
import { HttpException } from "../errors/http-exception.js";
import { NotFoundException, TooManyRequestsException } from "../errors/http-exceptions.js";
import type { Logger } from "../errors/logger.js";
import type { ErrorFormatter } from "./error-formatter.js";
import { createErrorResponder } from "./error-responder.js";

const request = new Request("http://x/y");

function setup(formatter?: ErrorFormatter) {
  const logged: unknown[][] = [];
  const logger: Logger = { error: (...args) => logged.push(args) };
  return { respond: createErrorResponder(logger, formatter), logged };
}

async function problem(response: Response): Promise<any> {
  expect(response.headers.get("content-type")).toBe("application/problem+json");
  return response.json();
}

describe("createErrorResponder", () => {
  it("renders HttpExceptions as problem+json with their headers, without logging", async () => {
    const { respond, logged } = setup();
    const response = respond(
      new TooManyRequestsException("Slow down", { headers: { "retry-after": "30" } }),
      request,
    );
    expect(response.status).toBe(429);
    expect(response.headers.get("retry-after")).toBe("30");
    expect(await problem(response)).toEqual({
      type: "about:blank",
      title: "Too Many Requests",
      status: 429,
      detail: "Slow down",
      requestId: expect.any(String),
    });
    expect(logged).toEqual([]);
  });

  it.each([
    ["an Error", new Error("secret at /srv/app/db.ts:12")],
    ["a string", "secret"],
    ["an object", { secret: true }],
    ["null", null],
    ["undefined", undefined],
    ["an HttpException with a non-error status", new HttpException(200, "fine?")],
  ])("turns %s into a generic, logged 500", async (_name, thrown) => {
    const { respond, logged } = setup();
    const response = respond(thrown, request);
    expect(response.status).toBe(500);
    const body = await problem(response);
    expect(body).toEqual({
      type: "about:blank",
      title: "Internal Server Error",
      status: 500,
      detail: "An unexpected error occurred.",
      requestId: expect.any(String),
    });
    expect(JSON.stringify(body)).not.toContain("secret");
    expect(logged).toHaveLength(1);
    expect(logged[0]?.[1]).toBe(thrown);
  });

  it("falls back to a clean 500 when the exception cannot be rendered", async () => {
    const { respond, logged } = setup();
    const response = respond(new HttpException(400, "x", { extensions: { big: 1n } }), request);
    expect(response.status).toBe(500);
    expect((await problem(response)).detail).toBe("An unexpected error occurred.");
    expect(logged).toHaveLength(1);
    const badHeader = respond(new HttpException(400, "x", { headers: { "x-a": "a\nb" } }), request);
    expect(badHeader.status).toBe(500);
  });

  it("lets a formatter reshape errors, keeping the exception's headers", async () => {
    const formatter = vi.fn<ErrorFormatter>((error, context) => ({
      status: context.problem.status === 404 ? 410 : undefined,
      headers: { "x-error": "1" },
      body: {
        message: error instanceof Error ? error.message : "?",
        path: new URL(context.request.url).pathname,
      },
    }));
    const { respond } = setup(formatter);
    const response = respond(
      new NotFoundException("gone", { headers: { "x-kept": "yes" } }),
      request,
    );
    expect(response.status).toBe(410);
    expect(response.headers.get("x-kept")).toBe("yes");
    expect(response.headers.get("x-error")).toBe("1");
    expect(response.headers.get("content-type")).toBe("application/json");
    expect(await response.json()).toEqual({ message: "gone", path: "/y" });
    expect(formatter.mock.calls[0]?.[1]).toMatchObject({
      operation: undefined,
      problem: { status: 404 },
    });

    const passthrough = setup(() => new Response("custom", { status: 418 })).respond(
      new Error("x"),
      request,
    );
    expect(passthrough.status).toBe(418);
    expect(await passthrough.text()).toBe("custom");

    const empty = setup(() => ({ status: 503 })).respond(new Error("x"), request);
    expect(empty.status).toBe(503);
    expect(await empty.text()).toBe("");
  });

  it("falls back to the default problem when the formatter throws or returns junk", async () => {
    for (const formatter of [
      () => {
        throw new Error("formatter bug");
      },
      () => null as never,
      () => Promise.resolve(new Response("late")) as never,
      () => ({ status: 99, body: {} }),
      () => ({ body: 1n }),
    ] satisfies ErrorFormatter[]) {
      const { respond, logged } = setup(formatter);
      const response = respond(new NotFoundException("nope"), request);
      expect(response.status).toBe(404);
      expect((await problem(response)).detail).toBe("nope");
      expect(logged).toHaveLength(1);
    }
  });
});

describe("the error path is total", () => {
  const hostileProxy = new Proxy(
    {},
    {
      get() {
        throw new Error("trap at /srv/app/get.ts");
      },
      getPrototypeOf() {
        throw new Error("trap at /srv/app/proto.ts");
      },
      has() {
        throw new Error("trap");
      },
      ownKeys() {
        throw new Error("trap");
      },
    },
  );
  class ThrowingExtensions extends HttpException {
    constructor() {
      super(400, "bad");
      Object.defineProperty(this, "extensions", {
        get() {
          throw new Error("getter at /srv/app/x.ts");
        },
      });
    }
  }
  class ThrowingHeaders extends HttpException {
    constructor() {
      super(409, "x");
      Object.defineProperty(this, "headers", {
        get() {
          throw new Error("headers getter");
        },
      });
    }
  }
  class ThrowingProblem extends HttpException {
    override toProblem(): never {
      throw new Error("toProblem at /srv/app/y.ts");
    }
  }

  it.each([
    ["a Proxy whose traps throw", hostileProxy],
    ["an HttpException whose extensions getter throws", new ThrowingExtensions()],
    ["an HttpException whose headers getter throws", new ThrowingHeaders()],
    ["an HttpException whose toProblem() throws", new ThrowingProblem(409, "x")],
    ["a BigInt", 10n],
  ])("answers %s with a clean problem+json 500 or its own status", async (_name, thrown) => {
    const { respond } = setup();
    const response = respond(thrown, request);
    const body = await problem(response);
    expect(body.status).toBe(response.status);
    expect(JSON.stringify(body)).not.toContain("/srv/app");
  });

  it("answers even when the logger and the formatter throw", async () => {
    const logger: Logger = {
      error: () => {
        throw new TypeError("Do not know how to serialize a BigInt");
      },
    };
    const formatter: ErrorFormatter = () => {
      throw new Error("formatter at /srv/app/f.ts");
    };
    const respond = createErrorResponder(logger, formatter);
    for (const thrown of [10n, hostileProxy, new Error("x")]) {
      const response = respond(thrown, request);
      expect(response.status).toBe(500);
      expect(await problem(response)).toEqual({
        type: "about:blank",
        title: "Internal Server Error",
        status: 500,
        detail: "An unexpected error occurred.",
        requestId: expect.any(String),
      });
    }
  });
});

describe("createErrorResponder and engines", () => {
  it("answers an engine's connection failure 503 with Retry-After, without its message, logged once", async () => {
    const { respond, logged } = setup();
    const refused = () =>
      Object.assign(new Error("connect ECONNREFUSED 10.0.0.7:5432 password=secret"), {
        code: "ERR_POSTGRES_CONNECTION_REFUSED",
      });
    for (let index = 0; index < 3; index++) {
      const response = respond(refused(), request);
      expect(response.status).toBe(503);
      expect(response.headers.get("retry-after")).toBe("1");
      const body = await problem(response);
      expect(body).toEqual({
        type: "about:blank",
        title: "Service Unavailable",
        status: 503,
        detail: "A service this operation depends on is unavailable; retry later.",
        requestId: expect.any(String),
      });
      expect(JSON.stringify(body)).not.toContain("secret");
    }
    // One line for the outage, not one per request.
    expect(logged).toHaveLength(1);
    expect(String(logged[0]?.[0])).toMatch(/^Outage: an engine/);
  });
});
