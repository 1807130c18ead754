import {
  BadRequestException,
  Controller,
  Get,
  getRequestLogger,
  OperationId,
  Post,
  Produces,
  Req,
  Returns,
  Route,
} from "@trellis/core";
import { McpTool, reportProgress } from "@trellis/mcp";
import { redPixel, silence } from "./media.js";

/**
 * The conformance suite's fixture tools, as routes: each is an HTTP operation too, and its tool
 * result is what its answer maps to (text, an image, audio, an embedded resource, several parts).
 */
@Route("/fixtures/tools")
export class FixtureTools extends Controller {
  @Get("/simple-text")
  @McpTool({ name: "test_simple_text", description: "Answers a simple text." })
  @Produces("text/plain")
  @Returns(200, "The text")
  simpleText() {
    return "This is a simple text response for testing.";
  }

  @Get("/image")
  @McpTool({ name: "test_image_content", description: "Answers a 1x1 red PNG." })
  @Produces("image/png")
  @Returns(200, "The image")
  image() {
    return new Uint8Array(redPixel);
  }

  @Get("/audio")
  @McpTool({ name: "test_audio_content", description: "Answers a short WAV." })
  @Produces("audio/wav")
  @Returns(200, "The audio")
  audio() {
    return silence();
  }

  @Get("/embedded-resource")
  @McpTool({ name: "test_embedded_resource", description: "Answers an embedded resource." })
  @Produces("text/plain")
  @Returns(200, "The resource")
  embedded() {
    // Content-Location names the resource the answer is: the tool embeds it under that URI.
    this.setHeader("content-location", "test://embedded-resource");
    return "This is an embedded resource content.";
  }

  @Get("/mixed")
  @McpTool({ name: "test_multiple_content_types", description: "Answers text, image, resource." })
  @Produces("multipart/mixed")
  @Returns(200, "Three parts")
  mixed() {
    const boundary = "fixture";
    const part = (head: string, body: Buffer) =>
      Buffer.concat([Buffer.from(`--${boundary}\r\n${head}\r\n\r\n`), body, Buffer.from("\r\n")]);
    const body = Buffer.concat([
      part("Content-Type: text/plain", Buffer.from("Multiple content types test:")),
      part("Content-Type: image/png", redPixel),
      part(
        "Content-Type: application/json\r\nContent-Location: test://mixed-content-resource",
        Buffer.from(JSON.stringify({ test: "data", value: 123 })),
      ),
      Buffer.from(`--${boundary}--\r\n`),
    ]);
    return new Response(body, {
      headers: { "content-type": `multipart/mixed; boundary=${boundary}` },
    });
  }

  @Post("/logging")
  @McpTool({ name: "test_tool_with_logging", description: "Logs three lines as it runs." })
  @Produces("text/plain")
  @Returns(200, "Done")
  async logging(@Req() request: Request) {
    // The request's logger: each line goes to the app's log and to the MCP client.
    const log = getRequestLogger(request);
    log.info("Tool execution started");
    await Bun.sleep(50);
    log.info("Tool processing data");
    await Bun.sleep(50);
    log.info("Tool execution completed");
    return "Tool with logging executed successfully";
  }

  @Post("/log-line")
  @McpTool({ name: "test_logging_tool", description: "Logs one line." })
  @Produces("text/plain")
  @Returns(200, "Done")
  logLine(@Req() request: Request) {
    // Sent only to a client whose request set a log level (2026-07-28 `_meta`).
    getRequestLogger(request).info("a line about this call");
    return "Logged one line";
  }

  @Post("/progress")
  @McpTool({ name: "test_tool_with_progress", description: "Reports progress as it runs." })
  @Produces("text/plain")
  @Returns(200, "Done")
  async progress(@Req() request: Request) {
    await reportProgress(request, 0, 100);
    await Bun.sleep(50);
    await reportProgress(request, 50, 100);
    await Bun.sleep(50);
    await reportProgress(request, 100, 100);
    return "Tool with progress executed successfully";
  }

  @Post("/error")
  @McpTool({ name: "test_error_handling", description: "Always fails." })
  @OperationId("test_error_handling")
  @Returns(200, "Never")
  @Returns(400, "Always")
  fail(): never {
    throw new BadRequestException("This tool intentionally returns an error for testing");
  }
}
