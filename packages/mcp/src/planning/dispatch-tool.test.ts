import {
  Controller,
  Get,
  NotFoundException,
  OperationId,
  Param,
  Returns,
  Route,
  Security,
  Version,
} from "@trellis/core";
import { type Json, schema, appUnderTest as testApp } from "@trellis/testing";
import { describe, expect, it } from "vitest";
import { captureEndpoint } from "../test-helpers/capture-endpoint.js";
import type { McpPluginContext, McpToolPlan } from "./mcp-plugin.js";
import { McpTool } from "./mcp-tool.js";

// `dispatchTool` runs the operation a plan stands for, never another route its URL would match.

const Any = schema({ type: "object" });
const ran: string[] = [];
let middleware = 0;

@Route("/files")
class Files extends Controller {
  @Get("/:name")
  @OperationId("getFile")
  @Returns(200, Any)
  file(@Param("name") name: string) {
    ran.push(`file:${name}`);
    if (name === "missing") throw new NotFoundException("No such file.");
    return { file: name };
  }

  @Get("/secret")
  @McpTool(false)
  @Returns(200, Any)
  secret() {
    ran.push("secret");
    return { secret: true };
  }

  @Get("/private/:name")
  @OperationId("getPrivate")
  @Security("bearer")
  @Returns(200, Any)
  private(@Param("name") name: string) {
    ran.push(`private:${name}`);
    return { file: name };
  }
}

@Route("/items")
@Version("1")
class ItemsV1 extends Controller {
  @Get()
  @OperationId("listItemsV1")
  @Returns(200, Any)
  list() {
    return { version: 1 };
  }
}

@Route("/items")
@Version("2")
class ItemsV2 extends Controller {
  @Get()
  @OperationId("listItemsV2")
  @Returns(200, Any)
  list() {
    return { version: 2 };
  }
}

const plugin = captureEndpoint();
const app = testApp([Files, ItemsV1, ItemsV2], {
  versioning: { strategy: "header" },
  security: { bearer: ({ request }) => request.headers.get("authorization") === "Bearer ok" },
  openapi: { securitySchemes: { bearer: { type: "http", scheme: "bearer" } } },
  middleware: [
    async (_request, next) => {
      middleware++;
      return next();
    },
  ],
  plugins: [plugin],
});
const context = plugin.context;

const plan = (name: string): McpToolPlan => {
  const found = context?.tools.find(({ tool }) => tool.name === name);
  if (found === undefined) throw new Error(`no tool ${name}`);
  return found;
};
const call = async (name: string, path: string, headers: Record<string, string> = {}) => {
  const response = await (context as McpPluginContext).dispatchTool(
    plan(name),
    new Request(`http://test.local${path}`, { headers }),
  );
  return { status: response.status, body: (await response.json()) as Json };
};

describe("dispatchTool", () => {
  it("runs the named operation even when its URL matches another route over HTTP", async () => {
    ran.length = 0;
    expect(await call("getFile", "/files/secret")).toEqual({
      status: 200,
      body: { file: "secret" },
    });
    expect(ran).toEqual(["file:secret"]);
    // The same URL, matched as HTTP matches it, is the other route.
    expect(await (await app.fetch(new Request("http://test.local/files/secret"))).json()).toEqual({
      secret: true,
    });
  });

  it("answers 400 for a path that is not the operation's, and runs nothing", async () => {
    ran.length = 0;
    for (const path of [
      "/files",
      "/files/a/b",
      "/items",
      "/files/secret/",
      "/files/a/../../items",
      "/files/.",
    ]) {
      const answer = await call("getFile", path);
      expect({ path, status: answer.status }).toEqual({ path, status: 400 });
      expect(answer.body.detail).toContain("not one of this operation's paths");
    }
    expect(ran).toEqual([]);
  });

  it("goes through middleware, security and the error answer as HTTP does", async () => {
    ran.length = 0;
    const before = middleware;
    expect((await call("getPrivate", "/files/private/a")).status).toBe(401);
    expect(ran).toEqual([]);
    const allowed = await call("getPrivate", "/files/private/a", { authorization: "Bearer ok" });
    expect(allowed).toEqual({ status: 200, body: { file: "a" } });
    const missing = await call("getFile", "/files/missing");
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ status: 404, detail: "No such file." });
    expect(middleware - before).toBe(3);
  });

  it("runs a header-versioned operation's own version, which its plan names as a header", async () => {
    expect(plan("listItemsV2").headers).toEqual({ "api-version": "2" });
    expect(plan("listItemsV1").headers).toEqual({ "api-version": "1" });
    // Even with no header, or another version's: the tool is the version.
    expect((await call("listItemsV2", "/items")).body).toEqual({ version: 2 });
    expect((await call("listItemsV2", "/items", { "api-version": "1" })).body).toEqual({
      version: 2,
    });
    expect((await call("listItemsV1", "/items")).body).toEqual({ version: 1 });
  });

  it("refuses a plan that is not one of the app's tools", async () => {
    const made = { ...plan("getFile"), tool: { ...plan("getFile").tool, name: "madeUp" } };
    await expect(
      (context as McpPluginContext).dispatchTool(made, new Request("http://test.local/files/a")),
    ).rejects.toThrow("madeUp");
  });
});
