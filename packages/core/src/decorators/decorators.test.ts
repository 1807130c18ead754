import { describe, expect, it } from "vitest";
import { Controller } from "../controller/controller.js";
import { peekClassMetadata } from "../metadata/metadata-store.js";
import { readControllerMetadata } from "../metadata/read-controller-metadata.js";
import { Body, Cookie, Header, Param, Query, Req } from "./bindings.js";
import { BodyLimit } from "./body-limit.js";
import { Deprecated, Description, Hidden, OperationId, Summary, Tags } from "./docs.js";
import { Returns } from "./returns.js";
import { Route } from "./route.js";
import { Security } from "./security.js";
import { UseGuards } from "./use-guards.js";
import { UseInterceptors } from "./use-interceptors.js";
import { UseMiddleware } from "./use-middleware.js";
import { ValidateResponse } from "./validate-response.js";
import { Get, Post } from "./verbs.js";

describe("decorators", () => {
  it("only record what they are given, in source order, even when it is invalid", () => {
    const Model = { model: true };
    const [g1, g2, g3, i1, m1] = ["g1", "g2", "g3", "i1", "m1"].map((name) => ({ name }));
    @Route(42 as never)
    @UseGuards(g1 as never)
    @UseInterceptors(i1 as never, "bad" as never)
    @UseMiddleware(m1 as never)
    @ValidateResponse({ strip: true })
    @Tags("a", "b")
    @Tags("c")
    @Security("one")
    @BodyLimit(-1)
    class C extends Controller {
      @Get("/x")
      @Post(7 as never)
      @Summary("s")
      @Description("d")
      @OperationId("")
      @Tags("m")
      @Deprecated()
      @Hidden()
      @Returns(999, [Model])
      @Returns(200, "plain")
      @BodyLimit(5)
      @Security("two", ["s1"])
      @UseGuards(g2 as never)
      @UseGuards(g3 as never, g1 as never)
      @UseMiddleware()
      @ValidateResponse("yes" as never)
      handler(
        @Body(Model, { contentType: "multipart/form-data" }) _body: unknown,
        @Param("id") _id: string,
        @Query(Model) _query: unknown,
        @Header("h", Model) _header: unknown,
        @Cookie() _cookies: unknown,
        @Req() _request: Request,
      ) {}
    }
    const metadata = peekClassMetadata(C);
    expect(metadata).toMatchObject({
      prefix: 42,
      tags: ["a", "b", "c"],
      security: [{ scheme: "one", scopes: [] }],
      bodyLimit: -1,
      guards: [g1],
      interceptors: [i1, "bad"],
      middleware: [m1],
      validateResponse: { strip: true },
    });
    expect(metadata?.methods.get("handler")).toEqual({
      verbs: [
        { method: "GET", path: "/x" },
        { method: "POST", path: 7 },
      ],
      bindings: expect.arrayContaining([
        {
          kind: "body",
          index: 0,
          schema: Model,
          hasSchema: true,
          contentType: "multipart/form-data",
        },
        {
          kind: "parameter",
          index: 1,
          in: "path",
          name: "id",
          schema: undefined,
          hasSchema: false,
        },
        {
          kind: "parameter",
          index: 2,
          in: "query",
          name: undefined,
          schema: Model,
          hasSchema: true,
        },
        { kind: "parameter", index: 3, in: "header", name: "h", schema: Model, hasSchema: true },
        {
          kind: "parameter",
          index: 4,
          in: "cookie",
          name: undefined,
          schema: undefined,
          hasSchema: false,
        },
        { kind: "request", index: 5 },
      ]),
      returns: [
        { status: 999, type: [Model], description: undefined },
        { status: 200, type: "plain", description: undefined },
      ],
      tags: ["m"],
      security: [{ scheme: "two", scopes: ["s1"] }],
      summary: "s",
      description: "d",
      operationId: "",
      deprecated: true,
      hidden: true,
      bodyLimit: 5,
      guards: [g2, g3, g1],
      interceptors: [],
      middleware: [],
      validateResponse: "yes",
    });
  });

  it("tells @Body() from @Body(undefinedImport)", () => {
    const missing = undefined;
    class C extends Controller {
      @Post("/a") a(@Body() _b: unknown) {}
      @Post("/b") b(
        @Body(undefined, { contentType: "application/x-www-form-urlencoded" }) _b: unknown,
      ) {}
      @Post("/c") c(@Body(missing) _b: unknown) {}
    }
    const methods = peekClassMetadata(C)?.methods;
    expect(methods?.get("a")?.bindings[0]).toMatchObject({ hasSchema: false });
    expect(methods?.get("b")?.bindings[0]).toMatchObject({ hasSchema: false });
    expect(methods?.get("c")?.bindings[0]).toMatchObject({ hasSchema: true });
  });

  it("keep one store per class; subclasses read their bases' without changing them", () => {
    @Route("/base")
    @Tags("base")
    class Base extends Controller {
      @Get() list() {}
    }
    class Child extends Base {
      @Get("/extra") extra() {}
    }
    expect(peekClassMetadata(Base)?.methods.has("extra")).toBe(false);
    const child = readControllerMetadata(Child);
    expect(child.prefix).toBe("/base");
    expect(child.tags).toEqual(["base"]);
    expect([...child.methods.keys()]).toEqual(["list", "extra"]);
  });

  it("add a subclass's class guards to its base's instead of replacing them", () => {
    const [baseGuard, childGuard, interceptor] = [() => true, () => true, () => undefined];
    @UseGuards(baseGuard)
    @UseInterceptors(interceptor)
    @ValidateResponse()
    class Base extends Controller {}
    @UseGuards(childGuard)
    @ValidateResponse(false)
    class Child extends Base {}
    const child = readControllerMetadata(Child);
    expect(child.guards).toEqual([baseGuard, childGuard]);
    expect(child.interceptors).toEqual([interceptor]);
    expect(child.validateResponse).toBe(false);
    expect(readControllerMetadata(Base).guards).toEqual([baseGuard]);
  });
});
