import { jsonSchemaAdapter, schema } from "@trellis/testing";
import { assertValidDocuments } from "@trellis/testing/openapi";
import { describe, expect, it } from "vitest";
import { buildDocument } from "../app/build-document.js";
import { createApp } from "../app/create-app.js";
import { Controller } from "../controller/controller.js";
import { Param, Query } from "../decorators/bindings.js";
import { Description, Summary, Tags } from "../decorators/docs.js";
import { Returns } from "../decorators/returns.js";
import { Route } from "../decorators/route.js";
import { Public, Security } from "../decorators/security.js";
import { Delete, Get, Post } from "../decorators/verbs.js";
import type { OpenApiOptions } from "../index.js";
import { expectConfigError } from "../test-helpers/expect-config-error.js";
import { type Json, send } from "../test-helpers/test-app.js";

const Order = schema(
  {
    type: "object",
    properties: { id: { type: "string" }, count: { type: "integer" } },
    required: ["id"],
  },
  "Order",
);
const Id = schema({ type: "string", minLength: 1 });

@Route("/orders")
@Description("Orders placed by customers")
class OrderController extends Controller {
  @Get()
  @Summary("List orders")
  @Returns(200, [Order])
  list() {
    return [];
  }

  @Get("/:id")
  @Public()
  @Returns(200, Order)
  get(@Param("id", Id) id: string) {
    return { id };
  }

  @Delete("/:id")
  @Security("apiKey")
  @Returns(204)
  remove(@Param("id", Id) _id: string) {}
}

@Route("/status")
@Public()
class StatusController extends Controller {
  @Get()
  @Returns(200, Order)
  status() {
    return { id: "ok" };
  }

  @Post()
  @Security("bearer")
  @Returns(204)
  poke() {}
}

@Route("/misc")
@Tags("misc")
class MiscController extends Controller {
  @Get("/nothing")
  nothing(): void {}

  @Get("/something")
  something() {
    return { any: "thing" };
  }
}

const openapi: OpenApiOptions = {
  service: { name: "orders", version: "2.0.0", description: "Orders." },
  info: {
    contact: { name: "Team", url: "https://team.invalid", email: "team@team.invalid" },
    license: { name: "MIT", url: "https://opensource.org/licenses/MIT" },
    termsOfService: "https://team.invalid/terms",
  },
  externalDocs: { url: "https://team.invalid/docs", description: "Guides" },
  securitySchemes: {
    bearer: { type: "http", scheme: "bearer" },
    apiKey: { type: "apiKey", in: "header", name: "x-api-key" },
  },
  security: [{ bearer: [] }],
  undeclaredResponses: "off",
};

const allow = () => true;
const deny = () => false;
const build = (more: Partial<OpenApiOptions> = {}, controllers: Function[] = []) =>
  buildDocument({
    schema: jsonSchemaAdapter(),
    controllers: [OrderController, StatusController, ...controllers] as never,
    openapi: { ...openapi, ...more },
  }) as Json;

describe("document options", () => {
  it("emits info contact, license, terms of service and externalDocs", () => {
    const document = build();
    expect(document.info).toEqual({
      title: "orders",
      version: "2.0.0",
      description: "Orders.",
      termsOfService: "https://team.invalid/terms",
      contact: { name: "Team", url: "https://team.invalid", email: "team@team.invalid" },
      license: { name: "MIT", url: "https://opensource.org/licenses/MIT" },
    });
    expect(document.externalDocs).toEqual({
      url: "https://team.invalid/docs",
      description: "Guides",
    });
    const spdx = build({ version: "3.1", info: { license: { name: "MIT", identifier: "MIT" } } });
    expect(spdx.info.license).toEqual({ name: "MIT", identifier: "MIT" });
    // 3.0 has no `identifier`.
    expect(build({ info: { license: { name: "MIT", identifier: "MIT" } } }).info.license).toEqual({
      name: "MIT",
    });
  });

  it("documents root security once, public operations as security: [] and other needs per operation", () => {
    const document = build();
    expect(document.security).toEqual([{ bearer: [] }]);
    expect(document.paths["/orders"].get.security).toBeUndefined(); // the root's applies
    expect(document.paths["/orders"].get.responses["401"]).toBeDefined();
    expect(document.paths["/orders/{id}"].get.security).toEqual([]);
    expect(document.paths["/orders/{id}"].get.responses["401"]).toBeUndefined();
    expect(document.paths["/orders/{id}"].delete.security).toEqual([{ apiKey: [] }]);
    expect(document.paths["/status"].get.security).toEqual([]);
    // A method's own @Security wins over its class's @Public().
    expect(document.paths["/status"].post.security).toBeUndefined();
    expect(document.paths["/status"].post.responses["401"]).toBeDefined();
    // An empty root list says "public unless stated", and is kept.
    const open = build({ security: [] });
    expect(open.security).toEqual([]);
    expect(open.paths["/orders"].get.security).toBeUndefined();
    expect(open.paths["/orders/{id}"].delete.security).toEqual([{ apiKey: [] }]);
    expect(build({ security: undefined }).security).toBeUndefined();
  });

  it("enforces root security on operations without their own, and not on public ones", async () => {
    const app = createApp({
      schema: jsonSchemaAdapter(),
      controllers: [OrderController, StatusController],
      openapi,
      security: { bearer: deny, apiKey: allow },
    });
    expect((await send(app, "GET", "/orders")).status).toBe(401);
    expect((await send(app, "GET", "/orders/1")).status).toBe(200);
    expect((await send(app, "DELETE", "/orders/1")).status).toBe(204);
    expect((await send(app, "GET", "/status")).status).toBe(200);
    expect((await send(app, "POST", "/status")).status).toBe(401);
  });

  it("checks root security: one scheme per requirement, declared, with a runtime check", () => {
    const schema = jsonSchemaAdapter();
    const controllers = [OrderController];
    expectConfigError(
      () => buildDocument({ schema, controllers, openapi: { ...openapi, security: {} as never } }),
      "INVALID_OPENAPI_OPTION",
      "openapi.security",
    );
    expectConfigError(
      () =>
        buildDocument({
          schema,
          controllers,
          openapi: { ...openapi, security: [{ bearer: [], apiKey: [] }] },
        }),
      "INVALID_OPENAPI_OPTION",
      "exactly one scheme",
    );
    expectConfigError(
      () =>
        buildDocument({ schema, controllers, openapi: { ...openapi, security: [{ oauth: [] }] } }),
      "UNDECLARED_SECURITY_SCHEME",
      '"oauth"',
    );
    expectConfigError(
      () => createApp({ schema, controllers, openapi, security: { apiKey: allow } }),
      "UNGUARDED_SECURITY_SCHEME",
    );
  });

  it("tags untagged operations by controller, described by the class's @Description", () => {
    const document = build({}, [MiscController]);
    expect(document.paths["/orders"].get.tags).toEqual(["Order"]);
    expect(document.paths["/status"].get.tags).toEqual(["Status"]);
    expect(document.paths["/misc/nothing"].get.tags).toEqual(["misc"]);
    expect(document.tags).toEqual([
      { name: "Order", description: "Orders placed by customers" },
      { name: "Status" },
      { name: "misc" },
    ]);
    const declared = build({ tags: [{ name: "Order" }] });
    expect(declared.tags[0]).toEqual({ name: "Order", description: "Orders placed by customers" });
    const untagged = build({ controllerTags: false });
    expect(untagged.paths["/orders"].get.tags).toBeUndefined();
    expect(untagged.tags).toBeUndefined();
  });

  it("documents undeclared responses with a default response that claims no status", () => {
    const document = build({ security: [] }, [MiscController]);
    expect(Object.keys(document.paths["/misc/nothing"].get.responses)).toEqual(["500", "default"]);
    expect(Object.keys(document.paths["/misc/something"].get.responses)).toEqual([
      "500",
      "default",
    ]);
  });

  it("warns once through the logger about operations without a 2xx @Returns, or fails with a code", () => {
    const warned: unknown[][] = [];
    const options = {
      schema: jsonSchemaAdapter(),
      controllers: [MiscController, OrderController],
      openapi: { ...openapi, undeclaredResponses: undefined },
      security: { bearer: allow, apiKey: allow },
    };
    createApp({
      ...options,
      logger: { error: () => {}, warn: (...args: unknown[]) => warned.push(args) },
    });
    expect(warned).toEqual([
      [expect.stringContaining("MiscController.nothing, MiscController.something")],
    ]);
    expect(warned[0]?.[0]).not.toContain("OrderController");
    expect(warned[0]?.[0]).toContain("2 operations have no 2xx @Returns and are documented");
    expectConfigError(
      () =>
        createApp({ ...options, openapi: { ...options.openapi, undeclaredResponses: "error" } }),
      "UNDECLARED_SUCCESS_RESPONSE",
      "MiscController.nothing",
    );
    expectConfigError(
      () =>
        buildDocument({
          ...options,
          openapi: { ...options.openapi, undeclaredResponses: "error" },
        }),
      "UNDECLARED_SUCCESS_RESPONSE",
    );
    expectConfigError(
      () => buildDocument({ ...options, openapi: { undeclaredResponses: "loud" as never } }),
      "INVALID_OPENAPI_OPTION",
    );
  });

  it("says it of one operation in the singular", () => {
    @Route("/one")
    class OneController extends Controller {
      @Get()
      one() {}
    }
    const warned: unknown[][] = [];
    createApp({
      schema: jsonSchemaAdapter(),
      controllers: [OneController],
      logger: { error: () => {}, warn: (...args: unknown[]) => warned.push(args) },
    });
    expect(warned).toEqual([
      [
        'Trellis: this operation has no 2xx @Returns and is documented with a "default" response: OneController.one. Declare its responses, or set openapi.undeclaredResponses to "off" to silence this.',
      ],
    ]);
  });

  it("leaves out the ±(2^53 - 1) bounds on integers, and keeps the others", () => {
    const Bounded = schema(
      {
        type: "object",
        properties: {
          any: { type: "integer", minimum: -9007199254740991, maximum: 9007199254740991 },
          small: { type: "integer", minimum: 0, maximum: 9007199254740991 },
        },
      },
      "Bounded",
    );
    class BoundedController extends Controller {
      @Get("/bounded") @Public() @Summary("Bounded") @Returns(200, Bounded) bounded() {
        return {};
      }
    }
    const document = buildDocument({
      schema: jsonSchemaAdapter(),
      controllers: [BoundedController],
    }) as Json;
    expect(document.components.schemas.Bounded.properties).toEqual({
      any: { type: "integer" },
      small: { type: "integer", minimum: 0 },
    });
  });

  it("documents string-borne parameters without null: optional never reads as nullable", () => {
    const Paging = schema({
      type: "object",
      properties: {
        limit: { type: ["integer", "null"] },
        cursor: { anyOf: [{ type: "string" }, { type: "null" }] },
      },
    });
    class PageController extends Controller {
      @Get("/page") @Public() @Returns(200, Order) page(@Query(Paging) _paging: unknown) {
        return { id: "1" };
      }
    }
    const document = buildDocument({
      schema: jsonSchemaAdapter(),
      controllers: [PageController],
    }) as Json;
    const parameters = document.paths["/page"].get.parameters;
    expect(parameters.map((parameter: Json) => parameter.schema)).toEqual([
      { type: "integer" },
      { type: "string" },
    ]);
  });

  it("produces valid documents with every option, in 3.0 and 3.1", async () => {
    await assertValidDocuments([
      build({}, [MiscController]),
      build({ version: "3.1" }, [MiscController]),
    ]);
  });
});

describe("document shapes every adapter reaches alike", () => {
  const Cat = schema(
    {
      type: "object",
      properties: { kind: { const: "cat" }, lives: { type: "integer" } },
      required: ["kind", "lives"],
    },
    "Cat",
  );
  const Dog = schema(
    {
      type: "object",
      properties: { kind: { enum: ["dog"] }, goodBoy: { type: "boolean" } },
      required: ["kind"],
    },
    "Dog",
  );
  const Adoption = schema(
    {
      type: "object",
      properties: {
        pet: { anyOf: [Cat, Dog] },
        size: { anyOf: [{ const: 1 }, { const: 2 }] },
        level: { enum: ["low", "high"] },
      },
    },
    "Adoption",
  );
  class AdoptionController extends Controller {
    @Get("/adoption") @Public() @Returns(200, Adoption) adoption() {
      return {};
    }
  }

  it("adds the discriminator of a union of named models, unions of values become typed enums", () => {
    for (const version of ["3.0", "3.1"] as const) {
      const document = buildDocument({
        schema: jsonSchemaAdapter(),
        controllers: [AdoptionController],
        openapi: { version },
      }) as Json;
      const { properties } = document.components.schemas.Adoption;
      expect(properties.pet).toEqual({
        oneOf: [{ $ref: "#/components/schemas/Cat" }, { $ref: "#/components/schemas/Dog" }],
        discriminator: {
          propertyName: "kind",
          mapping: { cat: "#/components/schemas/Cat", dog: "#/components/schemas/Dog" },
        },
      });
      expect(properties.size).toEqual({ type: "integer", enum: [1, 2] });
      expect(properties.level).toEqual({ type: "string", enum: ["low", "high"] });
    }
  });
});

describe("document shapes leave alone what they must not change", () => {
  it("keeps property names that look like keywords, inline unions and unions without a pin", () => {
    const Odd = schema(
      {
        type: "object",
        properties: {
          const: { type: "string" },
          enum: { type: "string" },
          either: {
            anyOf: [
              { type: "object", properties: { kind: { const: "a" } }, required: ["kind"] },
              { type: "object", properties: { kind: { const: "b" } }, required: ["kind"] },
            ],
          },
          mixed: { anyOf: [{ const: "a" }, { type: "null" }] },
        },
      },
      "Odd",
    );
    class OddController extends Controller {
      @Get("/odd") @Public() @Returns(200, Odd) odd() {
        return {};
      }
    }
    const document = buildDocument({
      schema: jsonSchemaAdapter(),
      controllers: [OddController],
      openapi: { version: "3.1" },
    }) as Json;
    const { properties } = document.components.schemas.Odd;
    expect(properties.const).toEqual({ type: "string" });
    expect(properties.enum).toEqual({ type: "string" });
    // Inline members have no component to map to: no discriminator.
    expect(properties.either.discriminator).toBeUndefined();
    expect(properties.mixed).toEqual({ anyOf: [{ type: "string", const: "a" }, { type: "null" }] });
  });
});
