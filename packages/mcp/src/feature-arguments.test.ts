import { Type } from "@sinclair/typebox";
import { typebox } from "@trellis/adapter-typebox";
import { Conditional, entityTag } from "@trellis/conditional";
import {
  Body,
  Controller,
  createApp,
  Get,
  OperationId,
  Param,
  Put,
  Returns,
  Route,
  Version,
} from "@trellis/core";
import { describe, expect, it } from "vitest";
import { mcpServer } from "./mcp-server.js";
import { callTool, problemOf, rpc } from "./test-helpers/rpc.js";

// Route features a client reaches through headers are arguments of the tool (an @Idempotent
// route's key: idempotent-tool.test.ts); an API version in a header is the tool itself.

const Doc = Type.Object({ text: Type.String(), version: Type.Integer() });
const docs = new Map([["a", { text: "hello", version: 1 }]]);
let writes = 0;
const asked: (string | null)[] = [];

@Route("/docs")
class DocController extends Controller {
  @Get("/:id")
  @OperationId("readDoc")
  @Conditional()
  @Returns(200, Doc)
  read(@Param("id") id: string) {
    const doc = docs.get(id) as { text: string; version: number };
    this.setHeader("etag", entityTag(doc.version));
    return doc;
  }

  @Put("/:id")
  @OperationId("writeDoc")
  @Conditional({ requireIfMatch: true })
  @Returns(200, Doc)
  write(
    @Param("id") id: string,
    @Body(Type.Object({ text: Type.String() })) body: { text: string },
  ) {
    const doc = docs.get(id);
    this.checkPreconditions(doc && { etag: entityTag(doc.version) });
    writes++;
    const next = { text: body.text, version: (doc?.version ?? 0) + 1 };
    docs.set(id, next);
    this.setHeader("etag", entityTag(next.version));
    return next;
  }
}

@Route("/items")
@Version("1")
class ItemsV1 extends Controller {
  @Get()
  @OperationId("listItemsV1")
  @Returns(200, Type.Object({ version: Type.Integer() }))
  list() {
    return { version: 1 };
  }
}

@Route("/items")
@Version("2")
class ItemsV2 extends Controller {
  @Get()
  @OperationId("listItemsV2")
  @Returns(200, Type.Object({ version: Type.Integer() }))
  list() {
    return { version: 2 };
  }
}

const app = createApp({
  schema: typebox(),
  controllers: [DocController, ItemsV1, ItemsV2],
  versioning: { strategy: "header" },
  // What the routes under /items were asked for: the version header their request carried.
  middleware: [
    (request, next) => {
      if (new URL(request.url).pathname === "/items")
        asked.push(request.headers.get("api-version"));
      return next();
    },
  ],
  plugins: [mcpServer()],
});

const toolsOf = async () => {
  const { json } = await rpc(app, 1, "tools/list", {});
  return new Map<string, any>(json.result.tools.map((tool: any) => [tool.name, tool]));
};

describe("a conditional write's tool", () => {
  it("documents If-Match as a required argument where the route requires it", async () => {
    const tools = await toolsOf();
    const write = tools.get("writeDoc");
    expect(write.inputSchema.properties["If-Match"]).toMatchObject({ type: "string" });
    expect(write.inputSchema.required).toContain("If-Match");
    expect(tools.get("readDoc").inputSchema.properties["If-Match"]).toBeUndefined();
  });

  it("writes with the ETag its read showed, and refuses a stale one with the route's 412", async () => {
    const read = await callTool(app, "readDoc", { id: "a" });
    const etag = read.json.result.content
      .map(({ text }: { text: string }) => text)
      .find((text: string) => text.startsWith("ETag: "))
      .slice("ETag: ".length);
    expect(etag).toBe(entityTag(1));
    const written = await callTool(app, "writeDoc", {
      id: "a",
      "If-Match": etag,
      body: { text: "changed" },
    });
    expect(written.json.result.structuredContent).toEqual({ text: "changed", version: 2 });
    const stale = await callTool(app, "writeDoc", {
      id: "a",
      "If-Match": etag,
      body: { text: "lost update" },
    });
    expect(stale.json.result.isError).toBe(true);
    expect(problemOf(stale).status).toBe(412);
    const missing = await callTool(app, "writeDoc", { id: "a", body: { text: "blind" } });
    expect(problemOf(missing).status).toBe(428);
    expect(writes).toBe(1);
  });
});

describe("a header-versioned operation", () => {
  it("is one tool per version, each reaching its own version whatever the MCP request says", async () => {
    const tools = await toolsOf();
    expect(tools.has("listItemsV1") && tools.has("listItemsV2")).toBe(true);
    // A client that sends api-version: 1 on its MCP POST still reaches v2 through v2's tool.
    for (const headers of [{}, { "api-version": "1" }]) {
      const v2 = await callTool(app, "listItemsV2", {}, headers);
      expect(v2.json.result.structuredContent).toEqual({ version: 2 });
    }
    const v1 = await callTool(app, "listItemsV1", {}, { "api-version": "2" });
    expect(v1.json.result.structuredContent).toEqual({ version: 1 });
    // Each call's request said the version its tool stands for, as an HTTP client of it would.
    expect(asked).toEqual(["2", "2", "1"]);
  });
});
