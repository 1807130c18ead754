import { jsonSchemaAdapter, schema } from "@trellis/testing";
import { describe, expect, it } from "vitest";
import { Controller } from "../controller/controller.js";
import { Body, Cookie, Header, Param, Query, Req } from "../decorators/bindings.js";
import { BodyLimit } from "../decorators/body-limit.js";
import { Deprecated, Description, Hidden, OperationId, Summary, Tags } from "../decorators/docs.js";
import { Returns } from "../decorators/returns.js";
import { Route } from "../decorators/route.js";
import { Security } from "../decorators/security.js";
import { Delete, Get, Head, Options, Patch, Post, Put } from "../decorators/verbs.js";
import { SchemaCompiler } from "../schema/schema-compiler.js";
import { SchemaRegistry } from "../schema/schema-registry.js";
import { expectConfigError } from "../test-helpers/expect-config-error.js";
import { buildOperations } from "./build-operations.js";

const User = schema(
  { type: "object", properties: { id: { type: "string" }, name: { type: "string" } } },
  "User",
);
const CreateUser = schema(
  { type: "object", properties: { name: { type: "string", minLength: 1 } }, required: ["name"] },
  "CreateUser",
);
const IdParams = schema({
  type: "object",
  properties: { id: { type: "string" } },
  required: ["id"],
});
const Page = schema({ type: "integer", minimum: 1 });

function build(controllers: unknown[], defaultBodyLimit = 1024) {
  const adapter = jsonSchemaAdapter();
  const registry = new SchemaRegistry();
  const operations = buildOperations(controllers, {
    adapter,
    registry,
    compiler: new SchemaCompiler(adapter),
    defaultBodyLimit,
  });
  return { operations, registry, adapter };
}

describe("buildOperations", () => {
  it("normalizes every decorator into operations", () => {
    @Route("/users")
    @Tags("users")
    @Security("bearer", ["read"])
    class UserController extends Controller {
      @Get()
      @Summary("List users")
      @Description("All of them")
      @Returns(200, [User], "The users")
      list(@Query("page", Page) _page: number, @Header("x-tenant") _tenant: string) {}

      @Get("/:id")
      @Tags("single")
      @Deprecated()
      @Returns(200, User)
      @Returns(404, "No such user")
      get(@Param("id") _id: string, @Req() _request: Request, @Cookie("s") _session: string) {}

      @Post()
      @OperationId("createUser")
      @BodyLimit(10)
      @Security("apiKey")
      @Returns(201, User)
      create(@Body(CreateUser) _input: unknown) {}

      @Put("/:id")
      @Hidden()
      replace(@Param(IdParams) _params: unknown, @Body() _input: unknown) {}

      @Patch("/:id") patch(@Param("id") _id: string) {}
      @Delete("/:id") remove(@Param("id") _id: string) {}
      @Head("/:id") exists(@Param("id") _id: string) {}
      @Options() options() {}
    }

    const { operations, registry } = build([UserController]);
    expect(operations.map((operation) => `${operation.method} ${operation.path}`)).toEqual([
      "GET /users",
      "GET /users/:id",
      "POST /users",
      "PUT /users/:id",
      "PATCH /users/:id",
      "DELETE /users/:id",
      "HEAD /users/:id",
      "OPTIONS /users",
    ]);
    const [list, get, create, replace] = operations;

    expect(list?.docs).toEqual({
      summary: "List users",
      description: "All of them",
      operationId: "listUsers",
      operationIdExplicit: false,
      tags: ["users"],
      controllerTag: { name: "users", description: undefined },
      deprecated: false,
      hidden: false,
    });
    expect(list?.responses).toEqual([
      {
        status: 200,
        schema: User,
        isArray: true,
        jsonSchema: { type: "array", items: { $ref: "#/components/schemas/User" } },
        description: "The users",
        headers: [],
        hasExample: false,
      },
    ]);
    expect(list?.bindings).toEqual([
      {
        kind: "parameter",
        index: 0,
        in: "query",
        name: "page",
        schema: Page,
        jsonSchema: { type: "integer", minimum: 1 },
        required: true,
      },
      {
        kind: "parameter",
        index: 1,
        in: "header",
        name: "x-tenant",
        schema: undefined,
        jsonSchema: { type: "string" },
        required: false,
      },
    ]);
    expect(list?.security).toEqual([{ scheme: "bearer", scopes: ["read"] }]);
    expect(list?.bodyLimit).toBe(1024);

    expect(get).toMatchObject({ openapiPath: "/users/{id}", pathParams: ["id"] });
    expect(get?.docs).toMatchObject({ tags: ["users", "single"], deprecated: true });
    expect(get?.responses[1]).toEqual({
      status: 404,
      schema: undefined,
      isArray: false,
      jsonSchema: undefined,
      description: "No such user",
      headers: [],
      hasExample: false,
    });
    expect(get?.bindings.map((binding) => binding.kind)).toEqual([
      "parameter",
      "request",
      "parameter",
    ]);

    expect(create?.docs).toMatchObject({ operationId: "createUser", operationIdExplicit: true });
    expect(create?.bodyLimit).toBe(10);
    expect(create?.security).toEqual([{ scheme: "apiKey", scopes: [] }]);
    expect(create?.bindings[0]).toEqual({
      kind: "body",
      index: 0,
      schema: CreateUser,
      jsonSchema: { $ref: "#/components/schemas/CreateUser" },
      contentType: "application/json",
      required: true,
    });
    expect(registry.get("CreateUser")).toMatchObject({ required: ["name"] });

    expect(replace?.docs.hidden).toBe(true);
    expect(replace?.bindings[1]).toMatchObject({
      kind: "body",
      jsonSchema: undefined,
      required: true,
    });
  });

  it("tells required from optional values by probing the compiled validator with undefined", () => {
    const Anything = schema({});
    class C extends Controller {
      @Post("/a")
      a(
        @Query("page", Page) _page: number,
        @Query("x", Anything) _x: unknown,
        @Body(Anything) _body: unknown,
      ) {}
    }
    const [operation] = build([C]).operations;
    expect(
      operation?.bindings.map((binding) => binding.kind !== "request" && binding.required),
    ).toEqual([true, false, false]);
  });

  it("types named values without a schema from their reflected type", () => {
    class C extends Controller {
      @Get("/:id")
      a(
        @Param("id") _id: number,
        @Query("flag") _flag: boolean,
        @Query("tags") _tags: string[],
        @Cookie() _cookies: unknown,
      ) {}
    }
    const [operation] = build([C]).operations;
    expect(
      operation?.bindings.map((binding) => binding.kind === "parameter" && binding.jsonSchema),
    ).toEqual([
      { type: "number" },
      { type: "boolean" },
      { type: "array", items: { type: "string" } },
      { type: "object" },
    ]);
  });

  it("inherits routes from a base controller; the subclass's prefix and overrides apply", () => {
    class BaseController extends Controller {
      @Get("/:id")
      get(@Param("id") id: string) {
        return `base ${id}`;
      }

      @Get()
      @Summary("Base list")
      list() {}
    }
    @Route("/cats")
    class CatController extends BaseController {
      override get(id: string) {
        return `cat ${id}`;
      }

      @Get("/all")
      @Summary("Cat list")
      override list() {}
    }
    @Route("/dogs")
    class DogController extends BaseController {}

    const { operations } = build([CatController, DogController]);
    expect(
      operations.map(
        (operation) =>
          `${operation.controller.name} ${operation.method} ${operation.path} ${operation.docs.summary}`,
      ),
    ).toEqual([
      "CatController GET /cats/:id undefined",
      "CatController GET /cats/all Cat list",
      "DogController GET /dogs/:id undefined",
      "DogController GET /dogs Base list",
    ]);
  });

  it("generates identifiers from method and controller names, and rejects duplicates", () => {
    class Odd$NameController extends Controller {
      @Get("/a") @Post("/b") $run() {}
    }
    class OrderController extends Controller {
      @Get("/orders") list() {}
      @Get("/orders/:id") get(@Param("id") _id: string) {}
      @Post("/orders") createOrder() {}
      @Get("/c") @OperationId("custom.id") taken() {}
    }
    class CategoryController extends Controller {
      @Get("/categories") list() {}
      @Get("/2") "2fa-check"() {}
    }
    const { operations } = build([Odd$NameController, OrderController, CategoryController]);
    expect(operations.map((operation) => operation.docs.operationId)).toEqual([
      "runOddName",
      "runOddNamePost",
      "listOrders",
      "getOrder",
      "createOrder",
      "custom.id",
      "listCategories",
      "operation2faCheckCategory",
    ]);
    for (const operation of operations.filter((item) => !item.docs.operationIdExplicit)) {
      expect(operation.docs.operationId).toMatch(/^[A-Za-z][A-Za-z0-9]*$/);
    }

    class UserController extends Controller {
      @Get("/u") list() {}
    }
    class UsersController extends Controller {
      @Get("/v") listUsers() {}
    }
    expectConfigError(
      () => build([UserController, UsersController]),
      "DUPLICATE_OPERATION_ID",
      "UsersController.listUsers and UserController.list",
      '"listUsers"',
    );

    class A extends Controller {
      @Get("/a") @OperationId("same") a() {}
    }
    class B extends Controller {
      @Get("/b") @OperationId("same") b() {}
    }
    expectConfigError(() => build([A, B]), "DUPLICATE_OPERATION_ID", "B.b", "A.a", '"same"');
  });
});

describe("startup checks", () => {
  it("rejects duplicate method + path, whatever the parameter names", () => {
    @Route("/users")
    class A extends Controller {
      @Get("/:id") one(@Param("id") _id: string) {}
    }
    @Route("/users/")
    class B extends Controller {
      @Get(":userId") two(@Param("userId") _id: string) {}
    }
    expectConfigError(() => build([A, B]), "DUPLICATE_ROUTE", "B.two", "A.one");
    expectConfigError(() => build([A, A]), "DUPLICATE_ROUTE", "A.one");
  });

  it("checks path parameters against bindings, both ways", () => {
    class Undeclared extends Controller {
      @Get("/:id/:other") get(@Param("id") _id: string) {}
    }
    expectConfigError(
      () => build([Undeclared]),
      "UNDECLARED_PATH_PARAM",
      "Undeclared.get",
      ":other",
    );
    class NoBinding extends Controller {
      @Get("/:id") get() {}
    }
    expectConfigError(() => build([NoBinding]), "UNDECLARED_PATH_PARAM", "NoBinding.get");
    class Unknown extends Controller {
      @Get("/:id") get(@Param("id") _id: string, @Param("nope") _nope: string) {}
    }
    expectConfigError(() => build([Unknown]), "UNKNOWN_PATH_PARAM", "Unknown.get", '"nope"');
    const Extra = schema({
      type: "object",
      properties: { id: { type: "string" }, x: { type: "string" } },
    });
    class SchemaExtra extends Controller {
      @Get("/:id") get(@Param(Extra) _params: unknown) {}
    }
    expectConfigError(() => build([SchemaExtra]), "UNKNOWN_PATH_PARAM", "SchemaExtra.get", '"x"');
    class SchemaCovers extends Controller {
      @Get("/:id") get(@Param(IdParams) _params: unknown) {}
    }
    expect(build([SchemaCovers]).operations[0]?.pathParams).toEqual(["id"]);
    class WholeWithoutSchema extends Controller {
      @Get("/:a/:b") get(@Param() _params: unknown) {}
    }
    expect(build([WholeWithoutSchema]).operations[0]?.bindings[0]).toMatchObject({
      jsonSchema: { properties: { a: { type: "string" }, b: { type: "string" } } },
    });
  });

  it("rejects one input bound by two handler parameters", () => {
    const NumberId = schema({ type: "number" });
    class WholeAndNamed extends Controller {
      @Get("/:id") get(@Param(IdParams) _all: unknown, @Param("id", NumberId) _id: number) {}
    }
    expectConfigError(
      () => build([WholeAndNamed]),
      "PARAMETER_BOUND_TWICE",
      "WholeAndNamed.get",
      'path parameter "id"',
      "handler parameter 0",
      "handler parameter 1",
    );
    class SameQueryTwice extends Controller {
      @Get() list(@Query("page") _a: string, @Query("page", Page) _b: number) {}
    }
    expectConfigError(
      () => build([SameQueryTwice]),
      "PARAMETER_BOUND_TWICE",
      'query parameter "page"',
    );
    class HeaderCase extends Controller {
      @Get() list(@Header("X-Trace") _a: string, @Header("x-trace") _b: string) {}
    }
    expectConfigError(() => build([HeaderCase]), "PARAMETER_BOUND_TWICE", "header parameter");
    // One name in two locations is two inputs.
    class TwoLocations extends Controller {
      @Get("/:id") get(@Param("id") _id: string, @Query("id") _q: string) {}
    }
    expect(build([TwoLocations]).operations[0]?.bindings).toHaveLength(2);
  });

  it("rejects two bodies, two bindings on one parameter, and a binding without a verb", () => {
    class TwoBodies extends Controller {
      @Post() create(@Body(CreateUser) _a: unknown, @Body(CreateUser) _b: unknown) {}
    }
    expectConfigError(() => build([TwoBodies]), "DUPLICATE_BODY", "TwoBodies.create");
    class TwoOnOne extends Controller {
      @Get() get(@Query("a") @Header("b") _a: string) {}
    }
    expectConfigError(() => build([TwoOnOne]), "CONFLICTING_BINDINGS", "TwoOnOne.get");
    class NoVerb extends Controller {
      helper(@Query("a") _a: string) {}
    }
    expectConfigError(() => build([NoVerb]), "MISSING_VERB_DECORATOR", "NoVerb.helper");
    class DocsOnly extends Controller {
      @Summary("x") helper() {}
    }
    expectConfigError(() => build([DocsOnly]), "MISSING_VERB_DECORATOR", "DocsOnly.helper");
  });

  it("says why a schema is not recognised, and which adapter takes another library's", () => {
    const zodLike = { _zod: { def: {} }, safeParse: () => ({}) };
    class ZodBody extends Controller {
      @Post() create(@Body(zodLike) _input: unknown) {}
    }
    expectConfigError(
      () => build([ZodBody]),
      "UNSUPPORTED_SCHEMA",
      "ZodBody.create",
      "looks like a Zod schema",
      "zod() from @trellis/adapter-zod",
    );
    class Plain {}
    class ClassBody extends Controller {
      @Post() create(@Body(Plain) _input: unknown) {}
    }
    expectConfigError(() => build([ClassBody]), "UNSUPPORTED_SCHEMA", "it is a class (Plain)");
  });

  it("rejects schemas the adapter does not recognise, naming class and method", () => {
    class NotASchema extends Controller {
      @Post() create(@Body({ type: "object" }) _input: unknown) {}
    }
    expectConfigError(
      () => build([NotASchema]),
      "UNSUPPORTED_SCHEMA",
      "NotASchema.create",
      "json-schema",
    );
    const missing = undefined;
    class Cycle extends Controller {
      @Get() list(@Query("q", missing) _q: string) {}
    }
    expectConfigError(() => build([Cycle]), "UNSUPPORTED_SCHEMA", "Cycle.list", "import cycle");
    class BadReturn extends Controller {
      @Get() @Returns(200, [User, User]) list() {}
    }
    expectConfigError(() => build([BadReturn]), "UNSUPPORTED_SCHEMA", "BadReturn.list");
    class BadReturnType extends Controller {
      @Get() @Returns(200, 42) list() {}
    }
    expectConfigError(() => build([BadReturnType]), "UNSUPPORTED_SCHEMA", "BadReturnType.list");
  });

  it("rejects a named binding whose reflected type cannot be coerced", () => {
    class Weird extends Controller {
      @Get() list(@Query("since") _since: Date) {}
    }
    expectConfigError(() => build([Weird]), "UNSUPPORTED_PARAMETER_TYPE", "Weird.list", "Date");
  });

  it("rejects invalid statuses, limits and body media types", () => {
    for (const status of [99, 600, 200.5, Number.NaN]) {
      class BadStatus extends Controller {
        @Get() @Returns(status) list() {}
      }
      expectConfigError(() => build([BadStatus]), "INVALID_STATUS", "BadStatus.list");
    }
    class Twice extends Controller {
      @Get() @Returns(200) @Returns(200, User) list() {}
    }
    expectConfigError(() => build([Twice]), "INVALID_STATUS", "twice");
    for (const limit of [0, -1, 1.5, Number.POSITIVE_INFINITY]) {
      class BadLimit extends Controller {
        @Post() @BodyLimit(limit) create(@Body() _b: unknown) {}
      }
      expectConfigError(() => build([BadLimit]), "INVALID_LIMIT", "BadLimit.create");
    }
    class BadMedia extends Controller {
      @Post() create(@Body(CreateUser, { contentType: "text/plain" as never }) _b: unknown) {}
    }
    expectConfigError(() => build([BadMedia]), "INVALID_BODY_CONTENT_TYPE", "BadMedia.create");
  });

  it("rejects decorators on static members and constructor parameters, and non-classes", () => {
    class Static extends Controller {
      @Get() static list() {}
    }
    expectConfigError(
      () => build([Static]),
      "INVALID_DECORATOR_TARGET",
      "Static",
      "static member list",
    );
    class Ctor extends Controller {
      constructor(@Query("x") readonly x: string) {
        super();
      }
    }
    expectConfigError(() => build([Ctor]), "INVALID_DECORATOR_TARGET", "Ctor", "constructor");
    expectConfigError(() => build([{}]), "NOT_A_CONTROLLER");
    expectConfigError(() => build([() => 1]), "NOT_A_CONTROLLER");
  });

  it("rejects invalid paths with the method named", () => {
    @Route("/files")
    class Files extends Controller {
      @Get("/*") all() {}
    }
    expectConfigError(() => build([Files]), "INVALID_PATH", "Files.all");
  });
});
