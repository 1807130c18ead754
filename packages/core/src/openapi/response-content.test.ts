import { assertValidDocuments } from "@trellis/testing/openapi";
import { describe, expect, it } from "vitest";
import { generateDocument } from "./generate-document.js";
import type { OpenApiVersion } from "./schema-dialect.js";
import { OperationFixture } from "./test-helpers/operation-fixture.js";
import type { Json } from "./users-api.fixtures.js";

const Event = {
  $id: "UserEvent",
  type: "object",
  properties: { kind: { type: "string" }, userId: { type: "string" } },
  required: ["kind", "userId"],
};
const User = {
  $id: "User",
  type: "object",
  properties: { id: { type: "string" } },
  required: ["id"],
};

function documentFor(version: OpenApiVersion): Json {
  const fixture = new OperationFixture();
  const operations = [
    fixture.operation({
      method: "GET",
      path: "/events",
      handlerName: "events",
      sse: true,
      returns: [{ status: 200, schema: Event, description: "User events" }],
    }),
    fixture.operation({
      method: "GET",
      path: "/ticks",
      handlerName: "ticks",
      sse: true,
    }),
    fixture.operation({
      method: "GET",
      path: "/users.csv",
      handlerName: "export",
      produces: ["application/json", "text/csv"],
      returns: [{ status: 200, schema: User, isArray: true, example: [{ id: "1" }] }],
    }),
    fixture.operation({
      method: "GET",
      path: "/avatar",
      handlerName: "avatar",
      produces: ["image/png"],
      returns: [{ status: 200, description: "The image" }],
    }),
    fixture.operation({
      method: "POST",
      path: "/users",
      handlerName: "create",
      returns: [
        {
          status: 201,
          schema: User,
          description: "Created",
          headers: [
            {
              name: "Location",
              jsonSchema: { type: "string", format: "uri-reference" },
              description: "The new user's URL",
              required: true,
            },
            {
              name: "X-Request-Id",
              jsonSchema: { type: "string" },
              description: undefined,
              required: false,
            },
          ],
        },
      ],
    }),
  ];
  return generateDocument({
    operations,
    registry: fixture.registry,
    options: { version },
  });
}

const documents = {
  "3.0": documentFor("3.0"),
  "3.1": documentFor("3.1"),
  "3.2": documentFor("3.2"),
};
const eventRef = { $ref: "#/components/schemas/UserEvent" };

describe("response content", () => {
  it("emits 3.0.3, 3.1.1 and 3.2.0 documents that the official schemas and Spectral accept", async () => {
    expect(documents["3.0"].openapi).toBe("3.0.3");
    expect(documents["3.1"].openapi).toBe("3.1.1");
    expect(documents["3.2"].openapi).toBe("3.2.0");
    await assertValidDocuments(Object.values(documents));
  });

  it("documents an event stream as itemSchema in 3.2, with JSON data as contentSchema", () => {
    const content = documents["3.2"].paths["/events"].get.responses["200"].content;
    expect(content).toEqual({
      "text/event-stream": {
        itemSchema: {
          type: "object",
          required: ["data"],
          properties: {
            data: { type: "string", contentMediaType: "application/json", contentSchema: eventRef },
            event: { type: "string" },
            id: { type: "string" },
            retry: { type: "integer", minimum: 0 },
          },
        },
      },
    });
    expect(documents["3.2"].paths["/events"].get.responses["200"].description).toBe("User events");
  });

  it("documents an event stream as the array of its events before 3.2", () => {
    const in31 =
      documents["3.1"].paths["/events"].get.responses["200"].content["text/event-stream"];
    expect(in31.schema.type).toBe("array");
    expect(in31.schema.items.properties.data.contentSchema).toEqual(eventRef);
    const in30 =
      documents["3.0"].paths["/events"].get.responses["200"].content["text/event-stream"];
    expect(in30.schema.items.properties.data).toEqual(eventRef);
    expect(in30.schema.items.description).toContain("JSON text");
    // Without a declared payload, data is text; no 204 is claimed for a stream.
    const ticks = documents["3.2"].paths["/ticks"].get.responses;
    expect(ticks["200"].content["text/event-stream"].itemSchema.properties.data).toEqual({
      type: "string",
    });
    expect(ticks["204"]).toBeUndefined();
    expect(ticks["406"].content["application/problem+json"]).toBeDefined();
  });

  it("lists each produced media type: JSON ones with the schema and example, others as text or bytes", () => {
    const content = documents["3.1"].paths["/users.csv"].get.responses["200"].content;
    expect(content["application/json"]).toEqual({
      schema: { type: "array", items: { $ref: "#/components/schemas/User" } },
      example: [{ id: "1" }],
    });
    expect(content["text/csv"]).toEqual({ schema: { type: "string" } });
    expect(documents["3.0"].paths["/avatar"].get.responses["200"].content).toEqual({
      "image/png": { schema: { type: "string", format: "binary" } },
    });
    expect(documents["3.1"].paths["/avatar"].get.responses["200"].content).toEqual({
      "image/png": { schema: { type: "string", contentMediaType: "image/png" } },
    });
  });

  it("documents declared response headers in every version", () => {
    for (const document of Object.values(documents)) {
      expect(document.paths["/users"].post.responses["201"].headers).toEqual({
        Location: {
          description: "The new user's URL",
          required: true,
          schema: { type: "string", format: "uri-reference" },
        },
        "X-Request-Id": { schema: { type: "string" } },
      });
    }
  });
});
