import {
  Body,
  Controller,
  Delete,
  Description,
  Get,
  OperationId,
  Param,
  Put,
  Returns,
  Route,
  Summary,
  Tags,
} from "@trellis/core";
import { schema } from "@trellis/testing";
// Core's own document checks (the OpenAPI parser, the 3.2 schema, Spectral), from its tests.
import { assertValidDocuments } from "@trellis/testing/openapi";
import { describe, expect, it } from "vitest";
import { Conditional } from "./conditional-decorator.js";
import { type Json, testApp } from "./test-helpers/test-app.js";

const Note = schema(
  {
    type: "object",
    properties: { text: { type: "string" }, version: { type: "integer" } },
    required: ["text", "version"],
  },
  "Note",
);
const NoteId = schema({
  type: "object",
  properties: { id: { type: "string", description: "The note id" } },
  required: ["id"],
});

@Route("/notes")
@Tags("notes")
class NoteController extends Controller {
  @Get("/:id")
  @Conditional()
  @Summary("Read a note")
  @Description("One note.")
  @OperationId("getNote")
  @Returns(200, Note, "The note")
  @Returns(404, "No such note")
  read(@Param(NoteId) _id: unknown) {
    return { text: "", version: 1 };
  }

  @Put("/:id")
  @Conditional({ requireIfMatch: true })
  @Summary("Replace a note")
  @Description("Replaces a note while the client's copy is current.")
  @OperationId("putNote")
  @Returns(200, Note, "The replaced note")
  @Returns(404, "No such note")
  replace(@Param(NoteId) _id: unknown, @Body(Note) note: unknown) {
    return note;
  }

  @Delete("/:id")
  @Conditional()
  @Summary("Delete a note")
  @Description("Deletes a note; If-Match is optional.")
  @OperationId("deleteNote")
  @Returns(204, "Deleted")
  @Returns(404, "No such note")
  remove(@Param(NoteId) _id: unknown) {}
}

const versions = ["3.0", "3.1", "3.2"] as const;
const documents = versions.map(
  (version) =>
    testApp([NoteController], {
      openapi: {
        version,
        service: { name: "Notes", version: "1.0.0" },
        servers: [{ url: "https://api.example.com" }],
      },
    }).document as Json,
);

describe("the OpenAPI document of @Conditional", () => {
  it("documents ETag, If-None-Match and 304 on GET in every version", () => {
    for (const document of documents) {
      const get = document.paths["/notes/{id}"].get;
      expect(get.parameters.map((p: Json) => `${p.in}:${p.name}`)).toEqual([
        "path:id",
        "header:If-None-Match",
      ]);
      expect(get.responses["200"].headers.ETag.schema.type).toBe("string");
      expect(get.responses["304"].content).toBeUndefined();
      expect(get.responses["304"].headers.ETag).toBeDefined();
      expect(Object.keys(get.responses)).toEqual(["200", "304", "400", "404", "500"]);
    }
  });

  it("documents a required If-Match, 412 and 428 as problem+json on a change", () => {
    for (const document of documents) {
      const put = document.paths["/notes/{id}"].put;
      const ifMatch = put.parameters.find((p: Json) => p.name === "If-Match");
      expect(ifMatch).toMatchObject({ in: "header", required: true });
      expect(Object.keys(put.responses["412"].content)).toEqual(["application/problem+json"]);
      expect(Object.keys(put.responses["428"].content)).toEqual(["application/problem+json"]);
      expect(put.responses["200"].headers.ETag).toBeDefined();
      const remove = document.paths["/notes/{id}"].delete;
      expect(remove.parameters.find((p: Json) => p.name === "If-Match").required).toBe(false);
      expect(remove.responses["412"]).toBeDefined();
      expect(remove.responses["428"]).toBeUndefined();
    }
  });

  it("is valid and lint-clean in 3.0, 3.1 and 3.2", async () => {
    expect(documents.map((document) => document.openapi)).toEqual(["3.0.3", "3.1.1", "3.2.0"]);
    await assertValidDocuments(documents);
  });
});
