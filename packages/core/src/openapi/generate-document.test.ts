import { assertValidDocuments, findDocumentProblems } from "@trellis/testing/openapi";
import { describe, expect, it } from "vitest";
import { TrellisConfigError } from "../errors/trellis-config-error.js";
import type { Operation } from "../operation/operation.js";
import { generateDocument } from "./generate-document.js";
import { OperationFixture } from "./test-helpers/operation-fixture.js";
import {
  build,
  CreateUser,
  type Json,
  options,
  User,
  UserController,
} from "./users-api.fixtures.js";

describe("generateDocument", () => {
  it("produces valid 3.0.3 and 3.1.1 documents (openapi-parser and Spectral)", async () => {
    const v30 = build("3.0");
    const v31 = build("3.1");
    expect(v30.openapi).toBe("3.0.3");
    expect(v31.openapi).toBe("3.1.1");
    await assertValidDocuments([v30, v31]);
  });

  it("the validity check catches broken documents", async () => {
    const broken = build("3.0") as Json;
    broken.paths["/users/{id}/pets/{petId}"].get.parameters = []; // path parameters undeclared
    broken.components.schemas.User.properties.address = { $ref: "#/components/schemas/Nope" };
    broken.components.schemas.Closed = { allOf: [{ type: "object", additionalProperties: false }] };
    const [problems] = await findDocumentProblems([broken]);
    const text = (problems ?? []).join("\n");
    expect(text).toContain("path-params");
    expect(text).toMatch(/Nope/);
    expect(text).toContain("additionalProperties: false inside an allOf member");
  });

  it("fills info from openapi.service, with defaults", () => {
    const document = build();
    expect(document.info).toEqual({
      title: "users",
      version: "2.1.0",
      description: "The users service.",
    });
    const bare = generateDocument({
      operations: [],
      registry: new OperationFixture().registry,
      options: undefined,
    });
    expect(bare).toEqual({ openapi: "3.0.3", info: { title: "API", version: "1.0.0" }, paths: {} });
  });

  it("copies servers and security schemes, and lists declared then used tags", () => {
    const document = build();
    expect(document.servers).toEqual(options.servers);
    expect(document.components.securitySchemes).toEqual(options.securitySchemes);
    expect(document.tags).toEqual([
      { name: "users", description: "People" },
      { name: "admin" },
      { name: "pets" },
    ]);
  });

  it("documents summary, description, operationId, tags and deprecated; leaves hidden out", () => {
    const document = build();
    const list = document.paths["/users"].get;
    expect(list).toMatchObject({
      summary: "List users",
      operationId: "listUsers",
      tags: ["users"],
    });
    expect(document.paths["/users"].post.description).toBe("Creates a user.");
    expect(document.paths["/users/{id}/pets/{petId}"].get.deprecated).toBe(true);
    expect(list.deprecated).toBeUndefined();
    expect(document.paths["/secret"]).toBeUndefined();
    expect(document.components.schemas.Secret).toBeUndefined();
  });

  it("converts schemas to the requested dialect", () => {
    const v30 = build("3.0").components.schemas.User.properties;
    expect(v30.address).toEqual({
      allOf: [{ $ref: "#/components/schemas/Address" }],
      nullable: true,
    });
    expect(v30.age).toEqual({ type: "integer", minimum: 0, exclusiveMinimum: true });
    expect(v30.role).toEqual({ type: "string", enum: ["member"] }); // a const says its type
    const v31 = build("3.1").components.schemas.User.properties;
    expect(v31.address).toEqual({
      anyOf: [{ $ref: "#/components/schemas/Address" }, { type: "null" }],
    });
    expect(v31.age).toEqual({ type: "integer", exclusiveMinimum: 0 });
    expect(v31.role).toEqual({ type: "string", const: "member" });
  });

  it("rejects a security scheme that openapi.securitySchemes does not declare", () => {
    const fixture = new OperationFixture();
    const operation = fixture.operation({
      controller: UserController,
      handlerName: "create",
      security: [{ scheme: "oauth", scopes: ["write"] }],
    });
    const run = () =>
      generateDocument({ operations: [operation], registry: fixture.registry, options });
    expect(run).toThrow(TrellisConfigError);
    expect(run).toThrow(/UNDECLARED_SECURITY_SCHEME.*UserController\.create.*"oauth"/);
  });

  it("rejects two operations documenting one route or one operationId", () => {
    const fixture = new OperationFixture();
    const a = fixture.operation({ handlerName: "a", docs: { operationId: "same" } });
    const b = fixture.operation({
      handlerName: "b",
      path: "/other",
      docs: { operationId: "same" },
    });
    const c = fixture.operation({ handlerName: "c" });
    const run = (operations: Operation[]) => () =>
      generateDocument({ operations, registry: fixture.registry, options: {} });
    expect(run([a, b])).toThrow(/DUPLICATE_OPERATION_ID.*TestController\.a and TestController\.b/);
    expect(run([a, c])).toThrow(/DUPLICATE_ROUTE.*GET \/items/);
  });

  // Spectral on a 1000-path document takes most of the time (about 9 s here, 26 s on a busy
  // machine): the timeout leaves a wide margin so the suite never depends on machine speed.
  it("handles a thousand operations sharing models", { timeout: 180_000 }, async () => {
    const fixture = new OperationFixture();
    const operations = Array.from({ length: 1000 }, (_unused, index) =>
      fixture.operation({
        method: "POST",
        path: `/things${index}/:id`,
        params: [{ in: "path", name: "id", schema: { type: "string" } }],
        body: { schema: CreateUser },
        returns: [{ status: 201, schema: User }],
      }),
    );
    const document = generateDocument({ operations, registry: fixture.registry, options: {} });
    expect(Object.keys(document.paths)).toHaveLength(1000);
    expect(Object.keys((document.components as Json).schemas)).toEqual([
      "Address",
      "CreateUser",
      "ProblemDetails",
      "User",
    ]);
    await assertValidDocuments([document]);
  });
});
