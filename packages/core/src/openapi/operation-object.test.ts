import { describe, expect, it } from "vitest";
import { generateDocument } from "./generate-document.js";
import { OperationFixture } from "./test-helpers/operation-fixture.js";
import { build, type Json, User } from "./users-api.fixtures.js";

describe("operationObject", () => {
  it("gives HEAD responses no content", () => {
    const fixture = new OperationFixture();
    const operation = fixture.operation({
      method: "HEAD",
      path: "/users/:id",
      returns: [{ status: 200, schema: User }],
    });
    const document = generateDocument({
      operations: [operation],
      registry: fixture.registry,
      options: {},
    }) as Json;
    const responses = document.paths["/users/{id}"].head.responses;
    expect(responses["200"]).toEqual({ description: "OK" });
    expect(responses["400"].content).toBeUndefined();
    expect(document.components).toBeUndefined();
  });

  it("documents the request body with its media type", () => {
    const document = build();
    expect(document.paths["/users"].post.requestBody).toEqual({
      required: true,
      content: { "application/json": { schema: { $ref: "#/components/schemas/CreateUser" } } },
    });
    const fixture = new OperationFixture();
    const form = fixture.operation({
      method: "POST",
      body: { contentType: "application/x-www-form-urlencoded", required: false },
    });
    const doc = generateDocument({ operations: [form], registry: fixture.registry, options: {} });
    expect((doc as Json).paths["/items"].post.requestBody).toEqual({
      content: { "application/x-www-form-urlencoded": { schema: {} } },
    });
  });

  it("documents declared responses, array bodies, bodyless statuses and a default response", () => {
    const document = build();
    expect(document.paths["/users"].get.responses["200"]).toEqual({
      description: "The users",
      content: {
        "application/json": {
          schema: { type: "array", items: { $ref: "#/components/schemas/User" } },
        },
      },
    });
    expect(document.paths["/users"].post.responses["201"].description).toBe("Created");
    expect(document.paths["/users/{id}"].delete.responses["204"]).toEqual({
      description: "Deleted",
    });
    expect(document.paths["/users/{id}"].delete.responses["200"]).toBeUndefined();
    // Undeclared: no status is claimed (the handler may answer 200, 201 or 204).
    expect(document.paths["/ping"].get.responses["200"]).toBeUndefined();
    expect(document.paths["/ping"].get.responses.default).toEqual({
      description: expect.stringContaining("not declared"),
    });
    expect(document.paths["/users/{id}/pets/{petId}"].get.responses["404"]).toEqual({
      description: "No such user",
      content: {
        "application/problem+json": { schema: { $ref: "#/components/schemas/ProblemDetails" } },
      },
    });
  });

  it("documents framework errors as problem+json, never over a declared status", () => {
    const document = build();
    const statuses = (path: string, method: string) =>
      Object.keys(document.paths[path][method].responses);
    expect(statuses("/ping", "get")).toEqual(["500", "default"]);
    expect(statuses("/users", "get")).toEqual(["200", "400", "500"]);
    expect(statuses("/users", "post")).toEqual(["201", "400", "401", "403", "413", "415", "500"]);
    expect(statuses("/users/{id}", "delete")).toEqual(["204", "400", "401", "403", "500"]);
    const problem = { $ref: "#/components/schemas/ProblemDetails" };
    expect(document.paths["/users"].post.responses["415"]).toEqual({
      description: expect.stringContaining("Unsupported Media Type"),
      content: { "application/problem+json": { schema: problem } },
    });
    const details = document.components.schemas.ProblemDetails;
    expect(details.required).toEqual(["type", "title", "status"]);
    expect(Object.keys(details.properties)).toEqual([
      "type",
      "title",
      "status",
      "detail",
      "instance",
      "requestId",
      "errors",
    ]);
    expect(details.properties.errors.items.properties.in.enum).toEqual([
      "body",
      "path",
      "query",
      "header",
      "cookie",
    ]);

    const fixture = new OperationFixture();
    const own = fixture.operation({
      params: [{ in: "query", name: "q", schema: { type: "string" } }],
      returns: [{ status: 400, description: "My own bad request" }],
    });
    const doc = generateDocument({ operations: [own], registry: fixture.registry, options: {} });
    expect((doc as Json).paths["/items"].get.responses["400"]).toEqual({
      description: "My own bad request",
      content: {
        "application/problem+json": { schema: { $ref: "#/components/schemas/ProblemDetails" } },
      },
    });
  });

  it("writes security requirements as alternatives", () => {
    const document = build();
    expect(document.paths["/users/{id}/pets/{petId}"].get.security).toEqual([
      { bearer: [] },
      { apiKey: [] },
    ]);
    expect(document.paths["/ping"].get.security).toBeUndefined();
  });

  it("lists scopes only for schemes that declare them (oauth2, openIdConnect)", () => {
    const fixture = new OperationFixture();
    const operation = fixture.operation({
      security: [
        { scheme: "bearer", scopes: ["users:write"] },
        { scheme: "oauth", scopes: ["users:write"] },
      ],
    });
    const securitySchemes = {
      bearer: { type: "http", scheme: "bearer" },
      oauth: {
        type: "oauth2",
        flows: { clientCredentials: { tokenUrl: "/token", scopes: { "users:write": "Write" } } },
      },
    };
    const securityOf = (version: "3.0" | "3.1") =>
      (
        generateDocument({
          operations: [operation],
          registry: fixture.registry,
          options: { version, securitySchemes },
        }) as Json
      ).paths["/items"].get.security;
    // 3.0: the scope list MUST be empty for schemes other than oauth2 and openIdConnect; 3.1 would
    // allow role names, but linters look them up among the scheme's scopes, which bearer has none of.
    expect(securityOf("3.0")).toEqual([{ bearer: [] }, { oauth: ["users:write"] }]);
    expect(securityOf("3.1")).toEqual([{ bearer: [] }, { oauth: ["users:write"] }]);
  });
});
