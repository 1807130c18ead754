import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningExample, startExample } from "./support/example-server.js";

type Json = Record<string, any>;

let example: RunningExample;
let document: Json;
beforeAll(async () => {
  example = startExample();
  document = (await (await example.request("/docs/openapi.json")).json()) as Json;
});
afterAll(() => example.stop());

const operation = (path: string, method: string): Json => document.paths[path][method];

describe("documentation served by the example", () => {
  it("serves Swagger UI as an HTML page at /docs", async () => {
    const response = await example.request("/docs");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/html/);
    const html = await response.text();
    expect(html).toContain('id="swagger-ui"');
    expect(html).toMatch(/swagger-ui-bundle\.js/);
    const script = await example.request("/docs/swagger-initializer.js");
    expect(script.status).toBe(200);
    expect(await script.text()).toContain("openapi.json");
  });

  it("serves the raw document as JSON and as YAML, the same document as createApp built", async () => {
    const json = await example.request("/docs/openapi.json");
    expect(json.headers.get("content-type")).toMatch(/^application\/json/);
    const yaml = await example.request("/docs/openapi.yaml");
    expect(yaml.status).toBe(200);
    expect(yaml.headers.get("content-type")).toMatch(/^application\/yaml/);
    expect(Bun.YAML.parse(await yaml.text())).toEqual(document);
  });

  it("documents OpenAPI 3.0 with the service info and every public operation", () => {
    expect(document.openapi).toBe("3.0.3");
    expect(document.info).toMatchObject({ title: "users", version: "1.0.0" });
    const operations = Object.entries(document.paths as Json).flatMap(([path, item]) =>
      Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(operations.sort()).toEqual([
      "GET /health",
      "GET /health/live",
      "GET /health/ready",
      "GET /users",
      "GET /users/{id}",
      "POST /users",
      "POST /users/bulk",
    ]);
  });

  it("shows what every documentation decorator says", () => {
    const create = operation("/users", "post");
    expect(create).toMatchObject({
      summary: "Create a user",
      description: expect.stringContaining("unique"),
      operationId: "createUser",
      tags: ["users"],
    });
    expect(operation("/health", "get").deprecated).toBe(true);
    expect(operation("/health/ready", "get").deprecated).toBeUndefined();
    expect(document.paths["/health/metrics"]).toBeUndefined(); // @Hidden
    expect(
      Object.values(document.paths as Json).flatMap((item) =>
        Object.values(item as Json).map((op) => (op as Json).operationId),
      ),
    ).toEqual(
      expect.arrayContaining(["listUsers", "getUser", "createUser", "createUsers", "getReadiness"]),
    );
  });

  it("documents the models from their class-validator decorators", () => {
    const { schemas } = document.components;
    expect(schemas.CreateUserInput).toMatchObject({
      type: "object",
      required: expect.arrayContaining(["name", "email"]),
      properties: { name: { type: "string", minLength: 1 }, email: { format: "email" } },
    });
    expect(schemas.User).toMatchObject({
      required: expect.arrayContaining(["id", "name", "email"]),
      properties: { id: { format: "uuid" } },
    });
    expect(schemas.BulkCreateUsersInput.properties.users).toMatchObject({
      type: "array",
      minItems: 1,
      maxItems: 100,
      items: { $ref: "#/components/schemas/CreateUserInput" },
    });
    expect(operation("/users", "get").responses["200"].content["application/json"].schema).toEqual({
      type: "array",
      items: { $ref: "#/components/schemas/User" },
    });
    expect(operation("/users", "post").responses["400"].content).toEqual({
      "application/problem+json": { schema: { $ref: "#/components/schemas/ProblemDetails" } },
    });
  });

  it("documents the problem+json body of the declared error responses (404, 409)", () => {
    const problem = {
      "application/problem+json": { schema: { $ref: "#/components/schemas/ProblemDetails" } },
    };
    expect(operation("/users/{id}", "get").responses["404"].content).toEqual(problem);
    expect(operation("/users", "post").responses["409"].content).toEqual(problem);
  });
});
