import {
  Body,
  Controller,
  Delete,
  Description,
  Get,
  Header,
  Hidden,
  OperationId,
  Param,
  Post,
  Put,
  Query,
  Req,
  Returns,
  Route,
  Sse,
  Summary,
} from "@trellis/core";
import { expectConfigError, schema, send, appUnderTest as testApp } from "@trellis/testing";
import { describe, expect, it } from "vitest";
import { captureEndpoint as capture } from "../test-helpers/capture-endpoint.js";
import { McpTool } from "./mcp-tool.js";

const Owner = schema({ type: "object", properties: { name: { type: "string" } } }, "Owner");
const Item = schema(
  { type: "object", properties: { id: { type: "string" }, owner: Owner }, required: ["id"] },
  "Item",
);
const Paging = schema({
  type: "object",
  properties: { page: { type: "integer", minimum: 1 }, size: { type: "integer" } },
  required: ["page"],
});

const quiet = { undeclaredResponses: "off" } as const;

@Route("/items")
class Items extends Controller {
  @Get("/:id")
  @OperationId("getItem")
  @Summary("Get an item")
  @Description("One item.")
  @Returns(200, Item)
  get(@Param("id") _id: string, @Header("x-tenant") _tenant: string) {
    return { id: "1" };
  }

  @Get()
  @OperationId("listItems")
  @Returns(200, [Item])
  list(@Query(Paging) _paging: unknown) {
    return [];
  }

  @Put("/:id")
  @OperationId("putItem")
  @Returns(200, Item)
  @Returns(204)
  put(@Param("id") _id: string, @Body(Item) _item: unknown) {}

  @Delete("/:id")
  @McpTool(false)
  remove(@Param("id") _id: string) {}

  @Get("/raw/one")
  raw(@Req() _request: Request) {}

  @Get("/hidden/one")
  @Hidden()
  hidden() {}

  @Sse("/events")
  events() {}

  @Post("/upload")
  upload(
    @Body(schema({ type: "object" }), { contentType: "multipart/form-data" }) _form: unknown,
  ) {}
}

describe("planning MCP tools", () => {
  const plugin = capture();
  const app = testApp([Items], {
    plugins: [plugin],
    openapi: { ...quiet, service: { name: "items", version: "2.0.0" } },
  });
  const tools = plugin.context?.tools ?? [];
  const byName = (name: string) => tools.find(({ tool }) => tool.name === name);

  it("makes a tool of each routed operation, never a hidden one, a stream, an upload, @Req or opted out", () => {
    expect(tools.map(({ tool }) => tool.name)).toEqual(["getItem", "listItems", "putItem"]);
    expect(plugin.context?.server).toEqual({ name: "items", version: "2.0.0" });
    expect(plugin.context?.path).toBe("/mcp");
  });

  it("combines path, header, query and body into one self-contained input schema", () => {
    expect(byName("getItem")?.tool.inputSchema).toEqual({
      type: "object",
      properties: { id: { type: "string" }, "x-tenant": { type: "string" } },
      required: ["id"], // a named binding without a schema is optional
    });
    expect(byName("listItems")?.arguments).toEqual([
      { name: "page", in: "query" },
      { name: "size", in: "query" },
    ]);
    expect(byName("listItems")?.tool.inputSchema.required).toEqual(["page"]);
    const put = byName("putItem")?.tool.inputSchema;
    expect(put?.properties?.body).toEqual({ $ref: "#/$defs/Item" });
    expect(put?.$defs).toEqual({
      Item: expect.objectContaining({
        properties: expect.objectContaining({ owner: { $ref: "#/$defs/Owner" } }),
      }),
      Owner: { type: "object", properties: { name: { type: "string" } } },
    });
  });

  it("declares an output schema only when every 2xx answers one JSON schema", () => {
    const get = byName("getItem");
    expect(get?.output).toBe("object");
    expect(get?.tool.outputSchema).toMatchObject({
      type: "object",
      required: ["id"],
      $defs: { Owner: {} },
    });
    expect(byName("listItems")?.output).toBe("wrapped");
    expect(byName("listItems")?.tool.outputSchema).toMatchObject({
      type: "object",
      properties: { result: { type: "array", items: { $ref: "#/$defs/Item" } } },
    });
    expect(byName("putItem")?.output).toBe("none"); // 204 has no body
    expect(byName("putItem")?.tool.outputSchema).toBeUndefined();
  });

  it("describes and annotates from the docs and the method", () => {
    expect(get("getItem")).toMatchObject({
      title: "Get an item",
      description: "Get an item\n\nOne item.",
      annotations: { readOnlyHint: true, openWorldHint: false },
    });
    expect(get("putItem").annotations).toMatchObject({
      readOnlyHint: false,
      destructiveHint: true,
      idempotentHint: true,
    });
    function get(name: string) {
      return byName(name)?.tool as NonNullable<ReturnType<typeof byName>>["tool"];
    }
  });

  it("mounts the endpoint for POST, GET and DELETE", async () => {
    for (const method of ["POST", "GET", "DELETE"]) {
      expect((await send(app, method, "/mcp")).status).toBe(204);
    }
  });
});

describe("MCP startup checks", () => {
  it("refuses two tools of one name", () => {
    @Route("/a")
    class A extends Controller {
      @Get("/one")
      @McpTool({ name: "same" })
      one() {}
      @Get("/two")
      @McpTool({ name: "same" })
      two() {}
    }
    expectConfigError(
      () => testApp([A], { openapi: quiet, plugins: [capture()] }),
      "DUPLICATE_MCP_TOOL",
      "A.one",
      "A.two",
      '"same"',
    );
  });

  it("refuses a tool name MCP does not allow", () => {
    @Route("/b")
    class B extends Controller {
      @Get()
      @McpTool({ name: "has space" })
      one() {}
    }
    expectConfigError(
      () => testApp([B], { openapi: quiet, plugins: [capture()] }),
      "INVALID_MCP_TOOL_NAME",
      "B.one",
    );
  });

  it("refuses two inputs that would be one argument", () => {
    @Route("/c")
    class C extends Controller {
      @Get("/:id")
      one(@Param("id") _id: string, @Query("id") _again: string) {}
    }
    expectConfigError(
      () => testApp([C], { openapi: quiet, plugins: [capture()] }),
      "MCP_ARGUMENT_CONFLICT",
      "C.one",
      '"id"',
    );
  });

  it("refuses bad options and a path the app serves", () => {
    @Route("/d")
    class D extends Controller {
      @Get()
      one() {}
    }
    expectConfigError(
      () => testApp([D], { openapi: quiet, plugins: [capture({ path: "no-slash" })] }),
      "INVALID_MCP_OPTIONS",
    );
    expectConfigError(
      () => testApp([D], { openapi: quiet, plugins: [capture({ tools: "some" as never })] }),
      "INVALID_MCP_OPTIONS",
    );
    expectConfigError(
      () => testApp([D], { openapi: quiet, plugins: [capture({ path: "/d" })] }),
      "INVALID_MCP_OPTIONS",
      "/d",
    );
  });

  it("in opt-in mode lists only @McpTool operations, the method's word winning over the class's", () => {
    @Route("/e")
    @McpTool(false)
    class E extends Controller {
      @Get("/in")
      @McpTool()
      inside() {}
      @Get("/out")
      outside() {}
    }
    @Route("/f")
    class F extends Controller {
      @Get()
      plain() {}
    }
    const plugin = capture({ tools: "opt-in" });
    testApp([E, F], { openapi: quiet, plugins: [plugin] });
    expect(plugin.context?.tools.map(({ path }) => path)).toEqual(["/e/in"]);
  });
});
