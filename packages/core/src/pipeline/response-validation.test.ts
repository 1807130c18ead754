import { jsonSchemaAdapter, schema } from "@trellis/testing";
import { describe, expect, it } from "vitest";
import { Controller } from "../controller/controller.js";
import { Param } from "../decorators/bindings.js";
import { Returns } from "../decorators/returns.js";
import { Route } from "../decorators/route.js";
import { SendUndeclared } from "../decorators/send-undeclared.js";
import { UseInterceptors } from "../decorators/use-interceptors.js";
import { ValidateResponse } from "../decorators/validate-response.js";
import { Get } from "../decorators/verbs.js";
import type { CompileOptions } from "../schema/schema-adapter.js";
import { expectConfigError } from "../test-helpers/expect-config-error.js";
import { type Json, send, testApp } from "../test-helpers/test-app.js";

const User = schema(
  {
    type: "object",
    properties: { id: { type: "string" }, name: { type: "string" } },
    required: ["id", "name"],
  },
  "User",
);

const leaky = () => ({ id: "1", name: "Ada", passwordHash: "hunter2" });

@Route("/r")
class ResponseController extends Controller {
  @Get("/good")
  @Returns(200, User)
  good() {
    return leaky();
  }

  @Get("/whole")
  @Returns(200, User)
  @SendUndeclared()
  whole() {
    return leaky();
  }

  @Get("/bad")
  @Returns(200, User)
  bad() {
    return { id: 1, secret: "hunter2" };
  }

  @Get("/off")
  @Returns(200, User)
  @ValidateResponse(false)
  off() {
    return { wrong: "hunter2" };
  }

  @Get("/strip")
  @Returns(200, User)
  @ValidateResponse({ strip: true })
  strip() {
    return leaky();
  }

  @Get("/list")
  @Returns(200, [User])
  @ValidateResponse({ strip: true })
  list() {
    return [leaky(), { ...leaky(), id: "2" }];
  }

  @Get("/list-bad")
  @Returns(200, [User])
  listBad() {
    return [leaky(), { id: "2" }];
  }

  @Get("/status/:code")
  @Returns(200, User)
  @Returns(204)
  other(@Param("code") code: number) {
    this.setStatus(code);
    return { anything: "goes" };
  }

  @Get("/response")
  @Returns(200, User)
  response() {
    return new Response("raw");
  }

  @Get("/intercepted")
  @Returns(200, User)
  @UseInterceptors(async (_context, next) => ({ ...((await next()) as object), name: 42 }))
  intercepted() {
    return leaky();
  }
}

@Route("/class")
@ValidateResponse()
class ClassController extends Controller {
  @Get()
  @Returns(200, User)
  get() {
    return { id: "1" };
  }

  @Get("/skip")
  @Returns(200, User)
  @ValidateResponse(false)
  skip() {
    return { id: "1" };
  }
}

describe("response validation", () => {
  it("is off by default", async () => {
    const app = testApp([ResponseController]);
    expect((await send(app, "GET", "/r/bad")).status).toBe(200);
  });

  const app = testApp([ResponseController, ClassController], { validateResponse: true });

  it("turns a value that breaks its @Returns schema into a 500 revealing nothing of it", async () => {
    app.logged.length = 0;
    const response = await send(app, "GET", "/r/bad");
    expect(response.status).toBe(500);
    const text = await response.text();
    expect(text).not.toContain("hunter2");
    expect(JSON.parse(text)).toEqual({
      type: "about:blank",
      title: "Internal Server Error",
      status: 500,
      detail: "An unexpected error occurred.",
      requestId: expect.stringMatching(/^[0-9a-f]{12}-/),
    });
    expect(app.logged).toHaveLength(1);
    expect(app.logged[0]?.[0]).toContain("ResponseController.bad (status 200)");
    expect(app.logged[0]?.[1]).toEqual(
      expect.arrayContaining([expect.objectContaining({ path: ["id"] })]),
    );
  });

  it("keeps undeclared properties unless asked to strip them (sent as declared by default)", async () => {
    // Validation passes the value as it is; the serializer sends what User declares...
    expect(await (await send(app, "GET", "/r/good")).json()).toEqual({ id: "1", name: "Ada" });
    // ...unless the route sends undeclared properties.
    expect(await (await send(app, "GET", "/r/whole")).json()).toEqual(leaky());
    expect(await (await send(app, "GET", "/r/strip")).json()).toEqual({ id: "1", name: "Ada" });
    expect(await (await send(app, "GET", "/r/list")).json()).toEqual([
      { id: "1", name: "Ada" },
      { id: "2", name: "Ada" },
    ]);
    expect((await send(app, "GET", "/r/list-bad")).status).toBe(500);
  });

  it("checks the schema of the final status only; Responses and statuses without one pass", async () => {
    expect((await send(app, "GET", "/r/status/200")).status).toBe(500);
    expect((await send(app, "GET", "/r/status/202")).status).toBe(202);
    expect((await send(app, "GET", "/r/status/204")).status).toBe(204);
    expect(await (await send(app, "GET", "/r/response")).text()).toBe("raw");
  });

  it("validates what the interceptors made of the handler's value", async () => {
    expect((await send(app, "GET", "/r/intercepted")).status).toBe(500);
  });

  it("lets the method's setting win over the class's, and the class's over the app's", async () => {
    expect((await send(app, "GET", "/r/off")).status).toBe(200);
    const classOnly = testApp([ClassController]);
    expect((await send(classOnly, "GET", "/class")).status).toBe(500);
    expect((await send(classOnly, "GET", "/class/skip")).status).toBe(200);
  });

  it("compiles response validators once, at startup, for the response target", async () => {
    const adapter = jsonSchemaAdapter();
    const seen: CompileOptions[] = [];
    const compile = adapter.compile.bind(adapter);
    adapter.compile = (value, options) => {
      seen.push(options);
      return compile(value, options);
    };
    const spied = testApp([ResponseController], { schema: adapter, validateResponse: true });
    expect(seen).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ target: "response", unknownProperties: "keep", maxIssues: 100 }),
        expect.objectContaining({ target: "response", unknownProperties: "strip", maxIssues: 100 }),
      ]),
    );
    // One validator per schema and policy, shared by every route that uses it.
    expect(seen.filter((options) => options.target === "response")).toHaveLength(2);
    const count = seen.length;
    expect((await send(spied, "GET", "/r/strip")).status).toBe(200);
    expect((await send(spied, "GET", "/r/bad")).status).toBe(500);
    expect(seen).toHaveLength(count);
  });

  it("rejects settings that are not true, false or { strip }", () => {
    expectConfigError(
      () => testApp([ClassController], { validateResponse: "yes" as never }),
      "INVALID_RESPONSE_VALIDATION",
      "validateResponse",
    );
    expectConfigError(
      () => testApp([ClassController], { validateResponse: { strip: true, deep: 1 } as never }),
      "INVALID_RESPONSE_VALIDATION",
    );
    @Route("/bad")
    class BadController extends Controller {
      @Get()
      @ValidateResponse({ strip: "no" } as never)
      get() {}
    }
    expectConfigError(
      () => testApp([BadController]),
      "INVALID_RESPONSE_VALIDATION",
      "BadController.get",
    );
  });
});

describe("response validation of an app's document", () => {
  it("does not change the document", () => {
    const on = testApp([ResponseController], { validateResponse: true }).document as Json;
    const off = testApp([ResponseController]).document as Json;
    expect(on).toEqual(off);
  });
});
