// The breaking-change check (scripts/check-breaking.mjs) on pairs of documents: each seeded
// breaking change is caught, each compatible change passes.
import { describe, expect, it } from "vitest";
import { findBreakingChanges } from "../../../scripts/openapi-diff/breaking-changes.mjs";

type Json = Record<string, any>;

const user = {
  type: "object",
  required: ["id", "name", "role"],
  properties: {
    id: { type: "string" },
    name: { type: "string", maxLength: 100 },
    role: { type: "string", enum: ["admin", "member"] },
    nickname: { type: "string", nullable: true },
  },
};

const base = (): Json => ({
  openapi: "3.0.3",
  info: { title: "t", version: "1" },
  paths: {
    "/users": {
      get: {
        parameters: [
          { name: "limit", in: "query", schema: { type: "integer", minimum: 1, maximum: 100 } },
        ],
        responses: {
          "200": {
            description: "ok",
            content: {
              "application/json": {
                schema: { type: "array", items: { $ref: "#/components/schemas/User" } },
              },
            },
          },
        },
      },
      post: {
        requestBody: {
          required: true,
          content: {
            "application/json": {
              schema: {
                type: "object",
                required: ["name"],
                properties: {
                  name: { type: "string", maxLength: 100 },
                  role: { type: "string", enum: ["admin", "member"] },
                  age: { type: "number" },
                },
              },
            },
          },
        },
        responses: {
          "201": {
            description: "created",
            headers: { Location: { schema: { type: "string" } } },
            content: { "application/json": { schema: { $ref: "#/components/schemas/User" } } },
          },
          "409": { description: "taken" },
        },
      },
    },
    "/users/{id}": {
      get: {
        parameters: [{ name: "id", in: "path", required: true, schema: { type: "string" } }],
        responses: {
          "200": {
            description: "ok",
            content: { "application/json": { schema: { $ref: "#/components/schemas/User" } } },
          },
        },
      },
    },
  },
  components: { schemas: { User: structuredClone(user) } },
});

const changed = (edit: (document: Json) => void): Json => {
  const document = base();
  edit(document);
  return document;
};
const body = (document: Json) =>
  document.paths["/users"].post.requestBody.content["application/json"].schema;
const User = (document: Json) => document.components.schemas.User;

describe("the breaking-change check", () => {
  it("finds nothing between a document and itself", () => {
    expect(findBreakingChanges(base(), base())).toEqual([]);
  });

  it.each<[string, (document: Json) => void, string]>([
    [
      "a removed operation",
      (d) => delete d.paths["/users/{id}"],
      "GET /users/{id}: operation removed",
    ],
    [
      "a removed response field",
      (d) => delete User(d).properties.name,
      "GET /users/{id} response 200 (application/json)/name: property removed",
    ],
    [
      "a response field no longer required",
      (d) => (User(d).required = ["id", "role"]),
      "/name: no longer always present",
    ],
    [
      "a narrowed request type",
      (d) => (body(d).properties.age.type = "integer"),
      "POST /users request body (application/json)/age: type narrowed from number to integer",
    ],
    [
      "a narrowed request enum",
      (d) => (body(d).properties.role.enum = ["admin"]),
      '/role: enum values removed ("member")',
    ],
    [
      "a widened response enum",
      (d) => User(d).properties.role.enum.push("guest"),
      '/role: enum values added ("guest")',
    ],
    [
      "a response type changed",
      (d) => (User(d).properties.id.type = "integer"),
      "/id: type changed from string to integer",
    ],
    [
      "a response field that may now be null (OpenAPI 3.1 type list)",
      (d) => (User(d).properties.name.type = ["string", "null"]),
      "/name: type changed from string to string,null",
    ],
    [
      "a new required query parameter",
      (d) =>
        d.paths["/users"].get.parameters.push({
          name: "tenant",
          in: "query",
          required: true,
          schema: { type: "string" },
        }),
      "GET /users parameter query tenant: new required input",
    ],
    [
      "a new required body field",
      (d) => body(d).required.push("age"),
      "POST /users request body (application/json): new required property age",
    ],
    [
      "a lowered maximum",
      (d) => (d.paths["/users"].get.parameters[0].schema.maximum = 50),
      "GET /users parameter query limit: maximum lowered to 50",
    ],
    [
      "a shorter maxLength",
      (d) => (body(d).properties.name.maxLength = 50),
      "/name: maxLength lowered to 50",
    ],
    [
      "a removed success status",
      (d) => {
        const post = d.paths["/users"].post;
        post.responses["200"] = post.responses["201"];
        delete post.responses["201"];
      },
      "POST /users response 201: status removed",
    ],
    [
      "a removed response header",
      (d) => delete d.paths["/users"].post.responses["201"].headers,
      "POST /users response 201: header Location removed",
    ],
    [
      "a request media type no longer accepted",
      (d) => {
        const content = d.paths["/users"].post.requestBody.content;
        content["application/x-www-form-urlencoded"] = content["application/json"];
        delete content["application/json"];
      },
      "POST /users request body (application/json): media type no longer accepted",
    ],
    [
      "credentials now needed",
      (d) => (d.paths["/users/{id}"].get.security = [{ bearerAuth: [] }]),
      "GET /users/{id}: now needs credentials",
    ],
  ])("catches %s", (_name, edit, expected) => {
    const found = findBreakingChanges(base(), changed(edit));
    expect(found.join("\n")).toContain(expected);
  });

  it.each<[string, (document: Json) => void]>([
    [
      "a new operation",
      (d) => (d.paths["/teams"] = { get: { responses: { "200": { description: "ok" } } } }),
    ],
    [
      "a new optional parameter",
      (d) =>
        d.paths["/users"].get.parameters.push({
          name: "q",
          in: "query",
          schema: { type: "string" },
        }),
    ],
    ["a new response field", (d) => (User(d).properties.email = { type: "string" })],
    ["a new optional body field", (d) => (body(d).properties.email = { type: "string" })],
    ["a widened request enum", (d) => body(d).properties.role.enum.push("guest")],
    ["a widened request type", (d) => (d.paths["/users"].get.parameters[0].schema.type = "number")],
    ["a longer maxLength", (d) => (body(d).properties.name.maxLength = 200)],
    ["a removed error status", (d) => delete d.paths["/users"].post.responses["409"]],
    ["a new error status", (d) => (d.paths["/users"].post.responses["422"] = { description: "x" })],
    [
      "a renamed path parameter",
      (d) => {
        const operation = d.paths["/users/{id}"];
        operation.get.parameters[0].name = "userId";
        d.paths["/users/{userId}"] = operation;
        delete d.paths["/users/{id}"];
      },
    ],
    [
      "a response schema inlined instead of referenced",
      (d) =>
        (d.paths["/users/{id}"].get.responses["200"].content["application/json"].schema = user),
    ],
  ])("passes %s", (_name, edit) => {
    expect(findBreakingChanges(base(), changed(edit))).toEqual([]);
  });
});
