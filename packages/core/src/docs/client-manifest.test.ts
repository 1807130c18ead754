import { schema } from "@trellis/testing";
import { describe, expect, it } from "vitest";
import { Controller } from "../controller/controller.js";
import { Body, Cookie, Header, Param, Query, Req } from "../decorators/bindings.js";
import { Hidden } from "../decorators/docs.js";
import { Route } from "../decorators/route.js";
import { Get, Post } from "../decorators/verbs.js";
import { send, testApp } from "../test-helpers/test-app.js";
import type { DocsPlugin } from "./docs-plugin.js";

const Item = schema({ type: "object", properties: { name: { type: "string" } } });
const Paging = schema({ type: "object", properties: { page: { type: "integer" } } });

@Route("/items")
class ItemController extends Controller {
  @Get("/:id")
  get(@Req() _request: Request, @Param("id") _id: string, @Query(Paging) _paging: unknown) {}

  @Post()
  create(
    @Body(Item, { contentType: "application/x-www-form-urlencoded" }) _item: unknown,
    @Header("x-tenant") _tenant: string,
    @Cookie("session") _session: string,
  ) {}

  @Get("/secret") @Hidden() secret() {}
}

const plugin = (routes: string[]): DocsPlugin => ({
  name: "docs",
  routes: () => Object.fromEntries(routes.map((path) => [path, () => new Response(path)])),
});

describe("the client manifest", () => {
  it("is served beside the raw document, with each argument's place and nothing hidden", async () => {
    const app = testApp([ItemController], {
      docs: { swagger: plugin(["/api-docs/openapi.json"]) },
    });
    const response = await send(app, "GET", "/api-docs/client.json");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    expect(await response.json()).toEqual({
      trellisClient: 1,
      operations: [
        {
          controller: "ItemController",
          handler: "get",
          operationId: "getItem",
          method: "GET",
          path: "/items/{id}",
          args: [{ in: "path", name: "id" }, { in: "query" }],
        },
        {
          controller: "ItemController",
          handler: "create",
          operationId: "createItem",
          method: "POST",
          path: "/items",
          args: [
            { in: "body", contentType: "application/x-www-form-urlencoded" },
            { in: "header", name: "x-tenant" },
            { in: "cookie", name: "session" },
          ],
        },
      ],
    });
  });

  it("is not served without docs, nor where the plugin serves no raw document", async () => {
    expect((await send(testApp([ItemController]), "GET", "/docs/client.json")).status).toBe(404);
    const app = testApp([ItemController], { docs: { swagger: plugin(["/docs"]) } });
    expect((await send(app, "GET", "/docs/client.json")).status).toBe(404);
  });

  it("leaves a plugin's own route at that path alone", async () => {
    const app = testApp([ItemController], {
      docs: { swagger: plugin(["/docs/openapi.json", "/docs/client.json"]) },
    });
    expect(await (await send(app, "GET", "/docs/client.json")).text()).toBe("/docs/client.json");
  });
});
