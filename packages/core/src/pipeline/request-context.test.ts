import { beforeAll, describe, expect, it } from "vitest";
import { Controller } from "../controller/controller.js";
import { Param } from "../decorators/bindings.js";
import { Injectable } from "../decorators/injectable.js";
import { Route } from "../decorators/route.js";
import { Get } from "../decorators/verbs.js";
import type { TrellisConfigError } from "../errors/trellis-config-error.js";
import { expectConfigError } from "../test-helpers/expect-config-error.js";
import { send, testApp } from "../test-helpers/test-app.js";
import { getRequestContext } from "./request-context.js";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A service deep in the call chain that never receives the request. */
class Audit {
  async describe() {
    await sleep(1);
    const { request, operation } = getRequestContext();
    return { url: request.url, operation: operation?.handlerName };
  }
}

@Injectable()
@Route("/ctx")
class ContextController extends Controller {
  constructor(private readonly audit: Audit) {
    super();
  }

  @Get("/:wait")
  async get(@Param("wait") wait: number) {
    await sleep(wait);
    return this.audit.describe();
  }
}

describe("getRequestContext before any app enables it", () => {
  // First in this file: no app has enabled the request context yet.
  it("says so when no app enables it", () => {
    expectConfigError(
      () => getRequestContext(),
      "REQUEST_CONTEXT_DISABLED",
      "requestContext: true",
    );
  });
});

describe("getRequestContext in an app with requestContext: true", () => {
  const globalSeen: unknown[] = [];
  // Created when the tests run, after the first one.
  const makeApp = () =>
    testApp([ContextController], {
      providers: [Audit],
      requestContext: true,
      middleware: [
        async (_request, next) => {
          globalSeen.push(getRequestContext().operation);
          return next();
        },
      ],
      errorFormatter: (_error, { problem }) => ({
        body: { ...problem, url: getRequestContext().request.url },
      }),
    });
  let app: ReturnType<typeof makeApp>;
  beforeAll(() => {
    app = makeApp();
  });

  it("gives services the request and its operation, apart for concurrent requests", async () => {
    const [slow, fast] = await Promise.all([
      send(app, "GET", "/ctx/20"),
      send(app, "GET", "/ctx/0"),
    ]);
    expect(await slow.json()).toEqual({ url: "http://test.local/ctx/20", operation: "get" });
    expect(await fast.json()).toEqual({ url: "http://test.local/ctx/0", operation: "get" });
  });

  it("has the request but no operation in global middleware and for unmatched requests", async () => {
    globalSeen.length = 0;
    await send(app, "GET", "/ctx/0");
    expect(globalSeen).toEqual([undefined]);
    const missing = await send(app, "GET", "/nope");
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ url: "http://test.local/nope" });
  });

  it("works for requests served through Bun's route map", async () => {
    const server = Bun.serve({ port: 0, routes: app.routes, fetch: app.fetch });
    try {
      const response = await fetch(`http://127.0.0.1:${server.port}/ctx/1`);
      expect(await response.json()).toEqual({
        url: `http://127.0.0.1:${server.port}/ctx/1`,
        operation: "get",
      });
    } finally {
      server.stop(true);
    }
  });

  it("says so outside a request, and in an app that does not enable it", async () => {
    expectConfigError(() => getRequestContext(), "NO_REQUEST_CONTEXT", "outside a request");
    const off = testApp([ContextController], { providers: [Audit] });
    const response = await send(off, "GET", "/ctx/0");
    expect(response.status).toBe(500);
    const logged = off.logged[0]?.[1] as TrellisConfigError | undefined;
    expect(logged?.code).toBe("NO_REQUEST_CONTEXT");
  });

  it("must be a boolean option", () => {
    expectConfigError(
      () => testApp([ContextController], { providers: [Audit], requestContext: "yes" as never }),
      "INVALID_OPTION",
      "requestContext",
    );
  });
});
