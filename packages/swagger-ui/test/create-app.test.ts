import { rmSync } from "node:fs";
import { Controller, createApp, Get, Returns, Route } from "@trellis/core";
import { jsonSchemaAdapter } from "@trellis/testing";
import { afterAll, describe, expect, it } from "vitest";
import { swaggerUi } from "../src/index.js";
import { createAppInFreshProcess } from "../src/test-helpers/fresh-process.js";
import {
  appFolderWithSwaggerUi,
  emptyAppFolder,
  inFolder,
} from "../src/test-helpers/install-shim.js";
import { itemsApp } from "../src/test-helpers/items-app.js";

const folders: string[] = [];
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

const call = (
  app: { fetch: (request: Request) => Response | Promise<Response> },
  path: string,
  init?: RequestInit,
) => Promise.resolve(app.fetch(new Request(`http://localhost${path}`, init)));

describe("createApp with docs.swagger", () => {
  const app = itemsApp({ swagger: swaggerUi() });

  it("mounts the docs routes beside the app's routes, GET only", () => {
    expect(app.routes["/docs"]?.GET).toBeTypeOf("function");
    expect(app.routes["/docs/openapi.json"]?.GET).toBeTypeOf("function");
    expect(app.routes["/docs/swagger-ui-bundle.js"]?.GET).toBeTypeOf("function");
    expect(app.routes["/items"]?.POST).toBeTypeOf("function");
  });

  it("keeps the docs routes out of the document", () => {
    const paths = Object.keys(app.document.paths);
    expect(paths.sort()).toEqual(["/health", "/items", "/items/{id}"]);
    expect(JSON.stringify(app.document)).not.toContain("/docs");
  });

  it("serves the UI page and the document through app.fetch", async () => {
    const page = await call(app, "/docs");
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(await page.text()).toContain("<title>items</title>");

    const json = await call(app, "/docs/openapi.json");
    expect(json.status).toBe(200);
    expect(json.headers.get("content-type")).toBe("application/json");
    expect(await json.json()).toEqual(app.document);

    const yaml = await call(app, "/docs/openapi.yaml");
    expect(yaml.headers.get("content-type")).toBe("application/yaml");
    expect(Bun.YAML.parse(await yaml.text())).toEqual(app.document);
  });

  it("serves the page at /docs/ too", async () => {
    const page = await call(app, "/docs/");
    expect(page.status).toBe(200);
    expect(await page.text()).toMatch(/src="swagger-initializer\.js\?v=/);
  });

  it("answers conditional and HEAD requests through app.fetch", async () => {
    const first = await call(app, "/docs/openapi.json");
    const etag = first.headers.get("etag") ?? "";
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await call(app, "/docs/openapi.json", { headers: { "if-none-match": etag } });
    expect(again.status).toBe(304);
    const head = await call(app, "/docs/swagger-ui.css", { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.headers.get("content-type")).toBe("text/css; charset=utf-8");
    expect(await head.text()).toBe("");
  });

  it("refuses other methods on docs routes with 405", async () => {
    const response = await call(app, "/docs/openapi.json", { method: "POST", body: "{}" });
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toContain("GET");
  });

  it("still serves the app itself", async () => {
    const created = await call(app, "/items", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ name: "pen" }),
    });
    expect(created.status).toBe(201);
    const list = await call(app, "/items");
    expect(await list.json()).toContainEqual(expect.objectContaining({ name: "pen" }));
  });

  it("serves a plugin made with options: a custom path and title", async () => {
    const custom = itemsApp({
      swagger: swaggerUi({ path: "/reference", title: "Items reference" }),
    });
    expect(custom.routes["/docs"]).toBeUndefined();
    const page = await call(custom, "/reference");
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("<title>Items reference</title>");
    expect(await (await call(custom, "/reference/openapi.json")).json()).toEqual(custom.document);
    expect((await call(custom, "/docs")).status).toBe(404);
  });

  it("serves no docs when docs.swagger is off", async () => {
    const plain = itemsApp({ swagger: false });
    expect(Object.keys(plain.routes).some((path) => path.startsWith("/docs"))).toBe(false);
    expect((await call(plain, "/docs")).status).toBe(404);
  });

  it("refuses a docs route that collides with an application route", () => {
    @Route("/docs")
    class DocsController extends Controller {
      @Get()
      @Returns(200)
      page(): string {
        return "mine";
      }
    }
    const build = () =>
      createApp({
        schema: jsonSchemaAdapter(),
        controllers: [DocsController],
        docs: { swagger: swaggerUi() },
      });
    expect(build).toThrow(
      expect.objectContaining({ name: "TrellisConfigError", code: "DOCS_ROUTE_CONFLICT" }),
    );
  });
});

describe("createApp with docs.swagger: true", () => {
  it("loads @trellis/swagger-ui from the app's folder", async () => {
    const folder = appFolderWithSwaggerUi();
    folders.push(folder);
    const app = inFolder(folder, () => itemsApp({ swagger: true }));
    const page = await call(app, "/docs");
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="swagger-ui"></div>');
    expect(await (await call(app, "/docs/openapi.json")).json()).toEqual(app.document);
  });

  it("passes inline settings to the loaded package", async () => {
    const folder = appFolderWithSwaggerUi();
    folders.push(folder);
    const app = inFolder(folder, () =>
      itemsApp({ swagger: { path: "/api-docs", title: "Inline", docExpansion: "none" } }),
    );
    expect((await call(app, "/docs")).status).toBe(404);
    expect(await (await call(app, "/api-docs")).text()).toContain("<title>Inline</title>");
    const script = await (await call(app, "/api-docs/swagger-initializer.js")).text();
    expect(script).toContain('"docExpansion":"none"');
    expect((await call(app, "/api-docs/openapi.yaml")).status).toBe(200);
  });

  it("fails at startup, naming the package to install, when it is not installed", () => {
    const folder = emptyAppFolder();
    folders.push(folder);
    const outcome = createAppInFreshProcess(folder);
    expect(outcome).toMatchObject({
      threw: true,
      name: "TrellisConfigError",
      code: "DOCS_PLUGIN_MISSING",
    });
    expect(outcome.message).toContain("@trellis/swagger-ui is not installed");
    expect(outcome.message).toContain("bun add @trellis/swagger-ui");
  });

  it("starts in a fresh process when the app installed it", () => {
    const folder = appFolderWithSwaggerUi();
    folders.push(folder);
    const outcome = createAppInFreshProcess(folder);
    expect(outcome.threw).toBe(false);
    expect(outcome.routes).toEqual(
      expect.arrayContaining(["/ping", "/docs", "/docs/openapi.json"]),
    );
  });

  it("reports a bad inline option at startup", () => {
    const folder = appFolderWithSwaggerUi();
    folders.push(folder);
    expect(() => inFolder(folder, () => itemsApp({ swagger: { docExpansion: "open" } }))).toThrow(
      /docExpansion/,
    );
  });
});

describe("docs routes behind a real Bun.serve", () => {
  const app = itemsApp({ swagger: swaggerUi() });
  const server = Bun.serve({
    hostname: "127.0.0.1",
    port: 0,
    routes: app.routes,
    fetch: app.fetch,
  });
  afterAll(() => server.stop(true));

  it("serves GET, HEAD and 304 over HTTP", async () => {
    const url = new URL("/docs/openapi.json", server.url);
    const get = await fetch(url);
    expect(get.status).toBe(200);
    expect(get.headers.get("content-type")).toBe("application/json");
    const body = await get.text();
    expect(JSON.parse(body)).toEqual(app.document);

    const head = await fetch(url, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.headers.get("etag")).toBe(get.headers.get("etag"));
    expect(head.headers.get("content-length")).toBe(String(Buffer.byteLength(body)));
    expect(await head.text()).toBe("");

    const cached = await fetch(url, {
      headers: { "if-none-match": get.headers.get("etag") ?? "" },
    });
    expect(cached.status).toBe(304);
  });

  it("serves the page and a versioned asset over HTTP", async () => {
    const page = await fetch(new URL("/docs", server.url));
    expect(page.status).toBe(200);
    const html = await page.text();
    const bundle = /src="docs\/(swagger-ui-bundle\.js\?v=[\w-]+)"/.exec(html)?.[1];
    expect(bundle).toBeDefined();
    const asset = await fetch(new URL(`/docs/${bundle}`, server.url));
    expect(asset.status).toBe(200);
    expect(asset.headers.get("content-type")).toBe("text/javascript; charset=utf-8");
    expect(asset.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect((await asset.arrayBuffer()).byteLength).toBeGreaterThan(1_000_000);
  });
});
