import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { jsonSchemaAdapter, optional, schema } from "@trellis/testing";
import { assertValidDocuments } from "@trellis/testing/openapi";
import { afterAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { buildDocument } from "../app/build-document.js";
import { Controller } from "../controller/controller.js";
import { Body, Header, Param, Query } from "../decorators/bindings.js";
import { Deprecated, Description, Hidden, OperationId, Summary, Tags } from "../decorators/docs.js";
import { Returns } from "../decorators/returns.js";
import { Route } from "../decorators/route.js";
import { Security } from "../decorators/security.js";
import { Delete, Get, Head, Patch, Post, Put } from "../decorators/verbs.js";
import type { OpenApiOptions } from "../index.js";
import { expectConfigError } from "../test-helpers/expect-config-error.js";
import { type Json, send, testApp } from "../test-helpers/test-app.js";

// The users API of SPEC.md, with every documented feature, through real decorators.
const Address = schema(
  {
    type: "object",
    properties: { city: { type: "string" }, zip: { type: ["string", "null"] } },
    required: ["city"],
  },
  "Address",
);
const User = schema(
  {
    type: "object",
    properties: {
      id: { type: "string" },
      name: { type: "string" },
      email: { type: "string", format: "email" },
      address: { anyOf: [Address, { type: "null" }] },
    },
    required: ["id", "name", "email"],
  },
  "User",
);
const CreateUser = schema(
  {
    type: "object",
    properties: {
      name: { type: "string", minLength: 1 },
      email: { type: "string", format: "email" },
      address: Address,
    },
    required: ["name", "email"],
  },
  "CreateUser",
);
const ListQuery = schema(
  {
    type: "object",
    properties: {
      limit: {
        type: "integer",
        minimum: 1,
        maximum: 100,
        description: "Page size",
        examples: [20],
      },
      role: { type: "array", items: { type: "string", enum: ["admin", "member"] } },
    },
  },
  "ListQuery",
);
const AuditEntry = schema({ type: "object", properties: { at: { type: "string" } } }, "AuditEntry");
const Id = schema({ type: "string", minLength: 1, description: "The user id" });
const Text = schema({ type: "string" });

@Route("/users")
@Tags("users")
class UserController extends Controller {
  @Get()
  @Summary("List users")
  @Returns(200, [User], "The users")
  list(@Query(ListQuery) _query: unknown, @Header("x-request-id", optional(Text)) _id?: string) {
    return [];
  }

  @Post()
  @Description("Creates a user from the body.")
  @Security("bearer")
  @Returns(201, User)
  create(@Body(CreateUser) input: { name: string; email: string }) {
    this.setStatus(201);
    return { id: "1", ...input };
  }

  @Get("/:id")
  @OperationId("getUser")
  @Returns(200, User)
  @Returns(404, undefined, "No such user")
  get(@Param("id", Id) id: string) {
    return { id, name: "n", email: "n@example.test" };
  }

  @Put("/:id")
  @Security("bearer")
  @Security("apiKey")
  replace(@Param("id", Id) _id: string, @Body(CreateUser) _input: unknown) {}

  @Patch("/:id")
  @Deprecated()
  @Returns(204)
  patch(@Param("id", Id) _id: string, @Body(CreateUser) _input: unknown) {}

  @Delete("/:id")
  @Tags("admin")
  @Returns(204)
  remove(@Param("id", Id) _id: string) {}

  @Head("/:id")
  exists(@Param("id", Id) _id: string) {}

  @Get("/:id/audit")
  @Hidden()
  @Returns(200, [AuditEntry])
  audit(@Param("id", Id) _id: string) {
    return [];
  }
}

const openapi: OpenApiOptions = {
  service: { name: "users", version: "1.0.0", description: "The users API." },
  servers: [{ url: "https://api.example.test" }],
  securitySchemes: {
    bearer: { type: "http", scheme: "bearer" },
    apiKey: { type: "apiKey", in: "header", name: "x-api-key" },
  },
  tags: [{ name: "users", description: "Everything about users" }],
};

// Every declared scheme needs a runtime check (the app fails closed without one); these refuse.
const security = { bearer: () => false, apiKey: () => false };

const folder = mkdtempSync(join(tmpdir(), "trellis-openapi-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe("the document of a decorated app", () => {
  const app = testApp([UserController], { openapi, security });
  const document = app.document as Json;

  it("is valid in 3.0 and 3.1 (openapi-parser and Spectral)", async () => {
    const v31 = testApp([UserController], {
      openapi: { ...openapi, version: "3.1" },
      security,
    }).document;
    expect(document.openapi).toBe("3.0.3");
    expect(v31.openapi).toBe("3.1.1");
    await assertValidDocuments([document, v31]);
  });

  it("documents every route but the hidden one, with `{name}` paths", () => {
    expect(Object.keys(document.paths)).toEqual(["/users", "/users/{id}"]);
    expect(Object.keys(document.paths["/users/{id}"])).toEqual([
      "get",
      "put",
      "patch",
      "delete",
      "head",
    ]);
    expect(Object.keys(document.components.schemas)).toEqual([
      "Address",
      "CreateUser",
      "ProblemDetails",
      "User",
    ]);
    expect(document.tags).toEqual([
      { name: "users", description: "Everything about users" },
      { name: "admin" },
    ]);
  });

  it("documents the metadata decorators", () => {
    const users = document.paths["/users"];
    const byId = document.paths["/users/{id}"];
    expect(users.get.summary).toBe("List users");
    expect(users.post.description).toBe("Creates a user from the body.");
    expect(byId.get.operationId).toBe("getUser");
    expect(byId.patch.deprecated).toBe(true);
    expect(byId.delete.tags).toEqual(expect.arrayContaining(["admin"]));
    expect(users.post.security).toEqual([{ bearer: [] }]);
    expect(byId.put.security).toEqual(expect.arrayContaining([{ bearer: [] }, { apiKey: [] }]));
  });

  it("documents parameters, bodies and responses", () => {
    const list = document.paths["/users"].get;
    expect(list.parameters).toEqual([
      {
        name: "limit",
        in: "query",
        description: "Page size",
        schema: {
          type: "integer",
          minimum: 1,
          maximum: 100,
          description: "Page size",
          example: 20,
        },
        example: 20,
      },
      {
        name: "role",
        in: "query",
        style: "form",
        explode: true,
        schema: { type: "array", items: { type: "string", enum: ["admin", "member"] } },
      },
      { name: "x-request-id", in: "header", schema: { type: "string" } },
    ]);
    expect(list.responses["200"].content["application/json"].schema).toEqual({
      type: "array",
      items: { $ref: "#/components/schemas/User" },
    });
    const get = document.paths["/users/{id}"].get;
    expect(get.parameters).toEqual([
      {
        name: "id",
        in: "path",
        description: "The user id",
        required: true,
        schema: { type: "string", minLength: 1, description: "The user id" },
      },
    ]);
    expect(Object.keys(get.responses)).toEqual(["200", "400", "404", "500"]);
    expect(document.paths["/users"].post.requestBody).toEqual({
      required: true,
      content: { "application/json": { schema: { $ref: "#/components/schemas/CreateUser" } } },
    });
    // Undeclared: no status is claimed (the handler may answer 200, 201 or 204).
    expect(document.paths["/users/{id}"].put.responses.default).toEqual({
      description: expect.stringContaining("not declared"),
    });
    // A deprecated operation's responses document its `Deprecation` header (RFC 9745).
    expect(document.paths["/users/{id}"].patch.responses["204"]).toEqual({
      description: "No Content",
      headers: { Deprecation: expect.objectContaining({ schema: expect.any(Object) }) },
    });
    expect(Object.keys(document.paths["/users/{id}"].put.responses)).toEqual([
      "400",
      "401",
      "403",
      "413",
      "415",
      "500",
      "default",
    ]);
  });

  it("documents the error body the framework really sends", async () => {
    const response = await send(app, "GET", "/users?limit=0&role=nobody");
    expect(response.status).toBe(400);
    expect(response.headers.get("content-type")).toContain("application/problem+json");
    const problem = (await response.json()) as Json;
    const documented = document.components.schemas.ProblemDetails;
    for (const member of documented.required) expect(problem).toHaveProperty(member);
    for (const member of Object.keys(problem)) expect(documented.properties).toHaveProperty(member);
    expect(problem.errors.length).toBeGreaterThan(0);
    const issue = documented.properties.errors.items;
    for (const entry of problem.errors) {
      expect(Object.keys(entry).sort()).toEqual([...issue.required].sort());
      expect(issue.properties.in.enum).toContain(entry.in);
    }
  });

  it("buildDocument gives the same document without routes", () => {
    const built = buildDocument({
      schema: jsonSchemaAdapter(),
      controllers: [UserController],
      openapi,
    });
    expect(built).toEqual(document);
  });

  it("writes openapi.file as JSON or YAML at startup", () => {
    const json = join(folder, "out", "openapi.json");
    const yaml = join(folder, "out", "openapi.yaml");
    const fromJson = testApp([UserController], {
      openapi: { ...openapi, file: json },
      security,
    }).document;
    const fromYaml = testApp([UserController], {
      openapi: { ...openapi, file: yaml },
      security,
    }).document;
    expect(JSON.parse(readFileSync(json, "utf8"))).toEqual(fromJson);
    expect(parse(readFileSync(yaml, "utf8"))).toEqual(fromYaml);
    expectConfigError(
      () =>
        testApp([UserController], {
          openapi: { ...openapi, file: join(folder, "x.txt") },
          security,
        }),
      "OPENAPI_FILE_FAILED",
      "x.txt",
    );
  });

  it("rejects a security scheme openapi.securitySchemes does not declare", () => {
    expectConfigError(
      () => testApp([UserController], { openapi: { ...openapi, securitySchemes: { bearer: {} } } }),
      "UNDECLARED_SECURITY_SCHEME",
      "UserController.replace",
      '"apiKey"',
    );
  });
});
