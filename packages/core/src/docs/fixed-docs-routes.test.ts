import { describe, expect, it } from "vitest";
import { Controller } from "../controller/controller.js";
import { Route } from "../decorators/route.js";
import { Get } from "../decorators/verbs.js";
import { servedApps } from "../test-helpers/served-apps.js";
import { testApp } from "../test-helpers/test-app.js";
import type { DocsPlugin } from "./docs-plugin.js";

@Route("/items")
class ItemController extends Controller {
  @Get()
  list() {
    return [];
  }
}

// A plugin with one fixed answer (a Response) and one handler that reads the request.
const plugin: DocsPlugin = {
  name: "fixed-docs",
  routes: ({ json }) => ({
    "/docs/openapi.json": new Response(json, { headers: { "content-type": "application/json" } }),
    "/docs": (request) => new Response(`page for ${new URL(request.url).pathname}`),
  }),
};

const serve = servedApps();

describe("documentation answers that depend on nothing in the request", () => {
  it("are the route map's own Responses when nothing wraps every answer (the default)", async () => {
    const app = testApp([ItemController], { docs: { swagger: plugin } });
    expect(app.routes["/docs/openapi.json"]?.GET).toBeInstanceOf(Response);
    // Core's own: the client manifest beside the raw document.
    expect(app.routes["/docs/client.json"]?.GET).toBeInstanceOf(Response);
    expect(app.routes["/docs"]?.GET).toBeTypeOf("function");
    const send = serve(app);
    for (let round = 0; round < 2; round++) {
      const document = await send("GET", "/docs/openapi.json");
      expect(document.status).toBe(200);
      expect(await document.json()).toEqual(app.document);
      const head = await send("HEAD", "/docs/openapi.json");
      expect(head.status).toBe(200);
      expect(await head.text()).toBe("");
      const manifest = await send("GET", "/docs/client.json");
      expect(((await manifest.json()) as { trellisClient: number }).trellisClient).toBe(1);
    }
    // `fetch` alone answers a copy each time.
    for (let round = 0; round < 2; round++) {
      const copy = await app.fetch(new Request("http://test.local/docs/openapi.json"));
      expect(await copy.json()).toEqual(app.document);
    }
    expect(await (await send("GET", "/docs")).text()).toBe("page for /docs");
  });

  it("are copies that carry each request's id when ids are on", async () => {
    const app = testApp([ItemController], { requestId: true, docs: { swagger: plugin } });
    expect(app.routes["/docs/openapi.json"]?.GET).toBeTypeOf("function");
    const send = serve(app);
    const ids = new Set<string | null>();
    for (let round = 0; round < 2; round++) {
      const document = await send("GET", "/docs/openapi.json");
      expect(await document.json()).toEqual(app.document);
      ids.add(document.headers.get("x-request-id"));
    }
    expect(ids.size).toBe(2);
    expect(ids.has(null)).toBe(false);
  });

  it("refuses a route that is neither a handler nor a Response", () => {
    const broken: DocsPlugin = { name: "broken", routes: () => ({ "/docs": "text" as never }) };
    expect(() => testApp([ItemController], { docs: { swagger: broken } })).toThrow(
      /handlers or Responses/,
    );
  });
});
