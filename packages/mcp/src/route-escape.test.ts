import { Type } from "@sinclair/typebox";
import { typebox } from "@trellis/adapter-typebox";
import { Controller, createApp, Get, OperationId, Param, Returns, Route } from "@trellis/core";
import { describe, expect, it } from "vitest";
import { mcpServer } from "./mcp-server.js";
import { McpTool } from "./planning/mcp-tool.js";
import { callTool } from "./test-helpers/rpc.js";

// A tool call cannot leave its route: path arguments are one segment each, and a call runs the
// operation its tool names, never whatever route the URL it spells would match.

const reached = { internal: 0, secret: 0, page: 0, file: 0 };

@Route("/docs")
class DocsController extends Controller {
  @Get("/:section/:page")
  @OperationId("docPage")
  @Returns(200, Type.Object({ section: Type.String(), page: Type.String() }))
  docPage(@Param("section") section: string, @Param("page") page: string) {
    reached.page++;
    return { section, page };
  }
}

@Route("/files")
class FilesController extends Controller {
  @Get("/:name")
  @OperationId("getFile")
  @Returns(200, Type.Object({ file: Type.String() }))
  getFile(@Param("name") name: string) {
    reached.file++;
    return { file: name };
  }

  // Static beats a parameter when a URL is matched: `/files/secret` is this route, over HTTP.
  @Get("/secret")
  @McpTool(false)
  @Returns(200, Type.Object({ secret: Type.String() }))
  secret() {
    reached.secret++;
    return { secret: "for HTTP clients only" };
  }
}

@Route("/internal")
class InternalController extends Controller {
  @Get()
  @McpTool(false)
  @Returns(200, Type.Object({ internal: Type.Boolean() }))
  internal() {
    reached.internal++;
    return { internal: true };
  }
}

const app = createApp({
  schema: typebox(),
  controllers: [DocsController, FilesController, InternalController],
  plugins: [mcpServer()],
});

describe("a path argument", () => {
  it("that is `..` is refused with -32602 naming it, and the withheld route never runs", async () => {
    // The repro: /docs/../internal is /internal once the URL is parsed.
    const answer = await callTool(app, "docPage", { section: "..", page: "internal" });
    expect(answer.status).toBe(200);
    expect(answer.json.result).toBeUndefined();
    expect(answer.json.error.code).toBe(-32602);
    expect(answer.json.error.message).toContain('"section"');
    expect(reached.internal).toBe(0);
    expect(reached.page).toBe(0);
  });

  it("is refused whenever it is not one segment, written out or encoded", async () => {
    const values = [
      ".",
      "..",
      "",
      "a/b",
      "/",
      "a\\b",
      "%2F",
      "%2f",
      "%2E%2E",
      "%2e%2e",
      ".%2E",
      "%2E",
      "%252E%252E",
      "%252F",
      "%5C",
      "x%zz%2F",
      "a\u0000b",
    ];
    for (const value of values) {
      const answer = await callTool(app, "docPage", { section: "guide", page: value });
      expect({ value, code: answer.json.error?.code }).toEqual({ value, code: -32602 });
      expect(answer.json.error.message).toContain('"page"');
      expect(answer.json.error.data).toEqual({ argument: "page" });
    }
    expect(reached).toMatchObject({ internal: 0, page: 0 });
  });

  it("that is one segment reaches its route, decoded as over HTTP", async () => {
    for (const page of ["intro", "a b", "ünï", "...", "a.b", "100%", "v1.0"]) {
      const answer = await callTool(app, "docPage", { section: "guide", page });
      expect(answer.json.result.structuredContent).toEqual({ section: "guide", page });
    }
  });
});

describe("a call", () => {
  it("runs the operation it names even when its URL is another route's", async () => {
    // /files/secret over HTTP is the withheld route: a call of getFile must stay getFile.
    const before = { ...reached };
    const answer = await callTool(app, "getFile", { name: "secret" });
    expect(answer.json.result.structuredContent).toEqual({ file: "secret" });
    expect(reached.secret).toBe(before.secret);
    expect(reached.file).toBe(before.file + 1);
    // Over HTTP the same URL is the other route: the two differ only in how they are dispatched.
    const http = await app.fetch(new Request("http://localhost/files/secret"));
    expect(await http.json()).toEqual({ secret: "for HTTP clients only" });
  });
});
