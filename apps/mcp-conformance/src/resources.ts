import { Type } from "@sinclair/typebox";
import { Controller, Get, Param, Produces, Returns, Route, Summary } from "@trellis/core";
import { McpResource, McpTool } from "@trellis/mcp";
import { redPixel } from "./media.js";

const TemplateData = Type.Object({
  id: Type.String(),
  templateTest: Type.Boolean(),
  data: Type.String(),
});

/** The suite's fixture resources: GET routes that agents read as resources, not call as tools. */
@Route("/fixtures/resources")
@McpTool(false)
export class FixtureResources extends Controller {
  @Get("/static-text")
  @Summary("Static Text Resource")
  @McpResource({ uri: "test://static-text", name: "static-text", mimeType: "text/plain" })
  @Produces("text/plain")
  @Returns(200, "The text")
  staticText() {
    return "This is the content of the static text resource.";
  }

  @Get("/static-binary")
  @Summary("Static Binary Resource")
  @McpResource({ uri: "test://static-binary", name: "static-binary", mimeType: "image/png" })
  @Produces("image/png")
  @Returns(200, "The image")
  staticBinary() {
    return new Uint8Array(redPixel);
  }

  @Get("/template/:id")
  @Summary("Resource Template")
  @McpResource({
    uri: "test://template/{id}/data",
    name: "template",
    mimeType: "application/json",
    complete: { id: (value) => ["123", "456", "789"].filter((id) => id.startsWith(value)) },
  })
  @Returns(200, TemplateData, "The data of one id")
  template(@Param("id") id: string) {
    return { id, templateTest: true, data: `Data for ID: ${id}` };
  }

  @Get("/watched")
  @Summary("Watched Resource")
  @McpResource({ uri: "test://watched-resource", name: "watched-resource", mimeType: "text/plain" })
  @Produces("text/plain")
  @Returns(200, "The text")
  watched() {
    return "Watched resource content";
  }
}
