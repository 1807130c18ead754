import { jsonSchemaAdapter, schema } from "@trellis/testing";
import { describe, expect, it } from "vitest";
import { createApp } from "../app/create-app.js";
import { Controller } from "../controller/controller.js";
import { Returns } from "../decorators/returns.js";
import { Route } from "../decorators/route.js";
import { Security } from "../decorators/security.js";
import { Get } from "../decorators/verbs.js";
import type { Operation } from "../operation/operation.js";
import { checkDocument, type DocumentInput } from "./check-document.js";
import { generateDocument } from "./generate-document.js";
import type { OpenApiOptions } from "./openapi-options.js";
import { OperationFixture } from "./test-helpers/operation-fixture.js";

/** What generating the document throws, or undefined when it builds. */
function generationError(input: DocumentInput): unknown {
  try {
    generateDocument(input);
    return undefined;
  } catch (error) {
    return error;
  }
}

/** checkDocument throws exactly what generating the document throws, without building it. */
function expectSameVerdict(input: DocumentInput, expected: RegExp): void {
  const error = generationError(input);
  expect(String(error)).toMatch(expected);
  expect(() => checkDocument(input)).toThrow(error as Error);
}

describe("checkDocument", () => {
  it("finds every reason a document cannot be built, as generating it would", () => {
    const collision = new OperationFixture();
    const Mine = { $id: "ProblemDetails", type: "object", properties: { x: { type: "string" } } };
    expectSameVerdict(
      {
        operations: [collision.operation({ returns: [{ status: 200, schema: Mine }] })],
        registry: collision.registry,
        options: {},
      },
      /SCHEMA_NAME_COLLISION/,
    );

    const dangling = new OperationFixture();
    const ghost = { $ref: "#/components/schemas/Ghost" };
    const nested = { $id: "Outer", type: "object", properties: { inner: ghost } };
    for (const [init, where] of [
      [{ returns: [{ status: 200, schema: ghost }] }, /200 response of TestController\.find/],
      [{ body: { schema: ghost } }, /body of TestController\.find/],
      [{ params: [{ in: "query", name: "q", schema: ghost }] }, /parameter "q" \(query\)/],
      // Only through a component: found by following the component's own references.
      [{ returns: [{ status: 200, schema: nested }] }, /schema "Outer"/],
    ] as const) {
      expectSameVerdict(
        {
          operations: [dangling.operation({ handlerName: "find", ...init })],
          registry: dangling.registry,
          options: {},
        },
        new RegExp(`UNRESOLVED_SCHEMA_REF.*${where.source}`),
      );
    }

    const fixture = new OperationFixture();
    const list = fixture.operation({ handlerName: "list" });
    const again = fixture.operation({ handlerName: "list" });
    const secured = fixture.operation({
      handlerName: "secret",
      path: "/secret",
      security: [{ scheme: "bearer", scopes: [] }],
    });
    const cases: [Operation[], OpenApiOptions, RegExp][] = [
      [[list, again], {}, /DUPLICATE_ROUTE|DUPLICATE_OPERATION_ID/],
      [[secured], {}, /UNDECLARED_SECURITY_SCHEME.*TestController\.secret/],
      [[list], { security: [{ apiKey: [] }] }, /UNDECLARED_SECURITY_SCHEME.*openapi\.security/],
      [[list], { version: "2.0" as never }, /INVALID_OPENAPI_OPTION.*openapi\.version/],
    ];
    for (const [operations, options, expected] of cases) {
      expectSameVerdict({ operations, registry: fixture.registry, options }, expected);
    }
  });

  it("passes what generates, and gives the document's version", () => {
    const fixture = new OperationFixture();
    const User = { $id: "User", type: "object", properties: { id: { type: "string" } } };
    const input = {
      operations: [fixture.operation({ returns: [{ status: 200, schema: User }] })],
      registry: fixture.registry,
      options: { version: "3.1" as const },
    };
    expect(checkDocument(input).version).toBe("3.1");
    expect(generateDocument(input).openapi).toBe("3.1.1");
  });
});

describe("createApp and its document", () => {
  const Ghost = schema({ $ref: "#/components/schemas/Ghost" });

  it("builds the document on first read, once, with createApp's checks already run", () => {
    const User = schema({ type: "object", properties: { id: { type: "string" } } }, "User");
    @Route("/users")
    class UserController extends Controller {
      @Get()
      @Returns(200, [User])
      list() {
        return [];
      }
    }
    const app = createApp({ schema: jsonSchemaAdapter(), controllers: [UserController] });
    // A getter: nothing is generated until someone reads it.
    expect(typeof Object.getOwnPropertyDescriptor(app, "document")?.get).toBe("function");
    const document = app.document;
    expect(app.document).toBe(document);
    expect(Object.keys(document.paths)).toEqual(["/users"]);
  });

  it("still fails at startup for what would make the document fail", () => {
    @Route("/broken")
    class BrokenController extends Controller {
      @Get()
      @Returns(200, Ghost)
      find() {
        return {};
      }
    }
    expect(() =>
      createApp({ schema: jsonSchemaAdapter(), controllers: [BrokenController] }),
    ).toThrow(/UNRESOLVED_SCHEMA_REF.*BrokenController\.find/);

    @Route("/secret")
    class SecretController extends Controller {
      @Get()
      @Security("bearer")
      read() {
        return {};
      }
    }
    expect(() =>
      createApp({
        schema: jsonSchemaAdapter(),
        controllers: [SecretController],
        security: { bearer: () => true },
      }),
    ).toThrow(/UNDECLARED_SECURITY_SCHEME.*SecretController\.read/);
  });
});
