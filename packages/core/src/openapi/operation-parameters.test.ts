import { assertValidDocuments } from "@trellis/testing/openapi";
import { describe, expect, it } from "vitest";
import { generateDocument } from "./generate-document.js";
import { OperationFixture } from "./test-helpers/operation-fixture.js";
import { build, type Json } from "./users-api.fixtures.js";

describe("operationParameters", () => {
  it("declares every path variable, decomposes object parameters and styles arrays", () => {
    const document = build();
    expect(document.paths["/users/{id}/pets/{petId}"].get.parameters).toEqual([
      {
        name: "id",
        in: "path",
        description: "The user id",
        required: true,
        schema: { type: "string", description: "The user id" },
      },
      { name: "petId", in: "path", required: true, schema: { type: "string" } },
    ]);
    expect(document.paths["/users"].get.parameters).toEqual([
      {
        name: "page",
        in: "query",
        description: "Page number",
        required: true,
        schema: { type: "integer", minimum: 1, description: "Page number", example: 2 },
        example: 2,
      },
      {
        name: "tag",
        in: "query",
        description: "Filter by tags",
        style: "form",
        explode: true,
        schema: { type: "array", items: { type: "string" }, description: "Filter by tags" },
      },
      {
        name: "x-trace",
        in: "header",
        style: "simple",
        schema: { type: "array", items: { type: "string" } },
      },
    ]);
  });

  it("merges parameters from several bindings by name and location", async () => {
    const fixture = new OperationFixture();
    const PathParams = {
      type: "object",
      properties: { orgId: { type: "string" }, userId: { type: "integer" } },
      required: ["orgId", "userId"],
    };
    const Headers = {
      allOf: [
        { type: "object", properties: { "X-Tenant": { type: "string" } }, required: ["X-Tenant"] },
        { type: "object", properties: { "x-flags": { type: "array", items: { type: "string" } } } },
      ],
    };
    const operation = fixture.operation({
      path: "/orgs/:orgId/users/:userId",
      params: [
        { in: "path", schema: PathParams },
        { in: "path", name: "userId", schema: { type: "integer" } },
        { in: "header", schema: Headers },
        { in: "header", name: "x-tenant", schema: { type: "string" } },
        { in: "cookie", name: "session", schema: { type: "string" }, required: true },
      ],
    });
    const document = generateDocument({
      operations: [operation],
      registry: fixture.registry,
      options: {},
    }) as Json;
    const parameters = document.paths["/orgs/{orgId}/users/{userId}"].get.parameters as Json[];
    expect(parameters.map((p) => [p.in, p.name, p.required ?? false, p.style])).toEqual([
      ["path", "orgId", true, undefined],
      ["path", "userId", true, undefined],
      ["header", "X-Tenant", true, undefined],
      ["header", "x-flags", false, "simple"],
      ["cookie", "session", true, undefined],
    ]);
    await assertValidDocuments([document]);
  });
});
