import type { Operation } from "../operation/operation.js";
import type { JsonSchema } from "../schema/json-schema.js";
import { generateDocument } from "./generate-document.js";
import type { OpenApiOptions } from "./openapi-options.js";
import { OperationFixture } from "./test-helpers/operation-fixture.js";

export type Json = Record<string, any>;

export const Address: JsonSchema = {
  $id: "Address",
  type: "object",
  properties: { city: { type: "string" }, zip: { type: ["string", "null"], examples: ["75001"] } },
  required: ["city"],
};
export const User: JsonSchema = {
  $id: "User",
  type: "object",
  properties: {
    id: { type: "string", format: "uuid" },
    name: { type: "string", minLength: 1 },
    age: { type: "integer", exclusiveMinimum: 0 },
    address: { anyOf: [Address, { type: "null" }] },
    role: { const: "member" },
  },
  required: ["id", "name"],
};
export const CreateUser: JsonSchema = {
  $id: "CreateUser",
  type: "object",
  properties: {
    name: { type: "string", minLength: 1 },
    email: { type: "string", format: "email" },
  },
  required: ["name", "email"],
  additionalProperties: false,
};
export const ListQuery: JsonSchema = {
  $id: "ListQuery",
  type: "object",
  properties: {
    page: { type: "integer", minimum: 1, description: "Page number", examples: [2] },
    tag: { type: "array", items: { type: "string" }, description: "Filter by tags" },
  },
  required: ["page"],
};
export const Secret: JsonSchema = {
  $id: "Secret",
  type: "object",
  properties: { key: { type: "string" } },
};
export const Unused: JsonSchema = {
  $id: "Unused",
  type: "object",
  properties: { x: { type: "string" } },
};

export class UserController {}
export class AdminController {}

/** A users API much like SPEC.md's, with every feature the generator documents. */
export function usersApi(): { fixture: OperationFixture; operations: Operation[] } {
  const fixture = new OperationFixture();
  fixture.jsonSchema(Unused); // declared by an adapter, used by no operation
  const operations = [
    fixture.operation({
      controller: UserController,
      handlerName: "list",
      path: "/users",
      params: [
        { in: "query", schema: ListQuery },
        { in: "header", name: "x-trace", schema: { type: "array", items: { type: "string" } } },
      ],
      returns: [{ status: 200, schema: User, isArray: true, description: "The users" }],
      docs: { summary: "List users", tags: ["users"], operationId: "listUsers" },
    }),
    fixture.operation({
      controller: UserController,
      handlerName: "create",
      method: "POST",
      path: "/users",
      body: { schema: CreateUser },
      returns: [{ status: 201, schema: User }],
      docs: { description: "Creates a user.", tags: ["users"], operationId: "createUser" },
      security: [{ scheme: "bearer", scopes: [] }],
    }),
    fixture.operation({
      controller: UserController,
      handlerName: "get",
      path: "/users/:id/pets/:petId",
      params: [{ in: "path", name: "id", schema: { type: "string", description: "The user id" } }],
      returns: [
        { status: 200, schema: User },
        { status: 404, description: "No such user" },
      ],
      docs: { tags: ["users", "pets"], deprecated: true, operationId: "getUserPet" },
      security: [
        { scheme: "bearer", scopes: [] },
        { scheme: "apiKey", scopes: [] },
      ],
    }),
    fixture.operation({
      controller: UserController,
      handlerName: "remove",
      method: "DELETE",
      path: "/users/:id",
      params: [{ in: "path", name: "id", schema: { type: "string" } }],
      returns: [{ status: 204, schema: User, description: "Deleted" }],
      docs: { operationId: "removeUser", tags: ["admin"] },
      guarded: true,
    }),
    fixture.operation({
      controller: UserController,
      handlerName: "ping",
      path: "/ping",
      docs: { operationId: "ping" },
    }),
    fixture.operation({
      controller: AdminController,
      handlerName: "secret",
      path: "/secret",
      returns: [{ status: 200, schema: Secret }],
      docs: { hidden: true, operationId: "secret" },
      security: [{ scheme: "undeclaredButHidden", scopes: [] }],
    }),
  ];
  return { fixture, operations };
}

export const options: OpenApiOptions = {
  service: { name: "users", version: "2.1.0", description: "The users service." },
  servers: [{ url: "https://api.example.test", description: "production" }],
  securitySchemes: {
    bearer: { type: "http", scheme: "bearer" },
    apiKey: { type: "apiKey", in: "header", name: "x-api-key" },
  },
  tags: [{ name: "users", description: "People" }],
};

export function build(version: "3.0" | "3.1" = "3.0", extra: OpenApiOptions = {}) {
  const { fixture, operations } = usersApi();
  return generateDocument({
    operations,
    registry: fixture.registry,
    options: { ...options, ...extra, version },
  }) as Json;
}

/** Every `$ref` in a document, with where it is. */
export function refs(value: unknown, path = ""): [string, string][] {
  if (Array.isArray(value)) return value.flatMap((item, index) => refs(item, `${path}/${index}`));
  if (value === null || typeof value !== "object") return [];
  return Object.entries(value).flatMap(([key, inner]) =>
    key === "$ref" ? [[path, inner as string]] : refs(inner, `${path}/${key}`),
  );
}
