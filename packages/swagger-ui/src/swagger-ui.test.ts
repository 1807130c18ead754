import type { DocsPluginContext } from "@trellis/core/extend";
import { describe, expect, it } from "vitest";
import { swaggerUi } from "./swagger-ui.js";

const document = {
  openapi: "3.0.3",
  info: { title: "Pets <API>", version: "1.0.0" },
  tags: [{ name: "pets" }],
  paths: {
    "/pets": {
      get: { tags: ["pets"], operationId: "listPets", responses: { "200": { description: "OK" } } },
    },
  },
};
const context: DocsPluginContext = {
  document,
  json: JSON.stringify(document, null, 2),
  yaml: Bun.YAML.stringify(document, null, 2),
};

const request = (url: string, init?: RequestInit) => new Request(`http://localhost${url}`, init);

function serve(routes: ReturnType<ReturnType<typeof swaggerUi>["routes"]>) {
  return async (path: string, init?: RequestInit) => {
    const handler = routes[path.split("?")[0] ?? path];
    if (!handler) throw new Error(`no route ${path}`);
    // A docs route may be a fixed Response (core's own files); the plugin's are handlers.
    return handler instanceof Response
      ? (handler.clone() as Response)
      : handler(request(path, init));
  };
}

// Runs the initializer script with just enough of a browser around it to see its final config.
function runInitializer(source: string, scriptUrl: string): Record<string, unknown> {
  let config: Record<string, unknown> = {};
  const bundle = Object.assign(
    (given: Record<string, unknown>) => {
      config = given;
      return {};
    },
    { presets: { apis: "apis-preset" }, plugins: { DownloadUrl: "download-plugin" } },
  );
  const window: Record<string, unknown> = { location: { href: "http://wrong.invalid/" } };
  new Function("document", "window", "SwaggerUIBundle", "SwaggerUIStandalonePreset", source)(
    { currentScript: { src: scriptUrl } },
    window,
    bundle,
    "standalone-preset",
  );
  expect(window.ui).toEqual({});
  return config;
}

describe("swaggerUi routes", () => {
  const plugin = swaggerUi();
  const routes = plugin.routes(context);
  const get = serve(routes);

  it("is a docs plugin at /docs by default", () => {
    expect(plugin.name).toBe("@trellis/swagger-ui");
    expect(plugin.path).toBe("/docs");
    expect(Object.keys(routes).sort()).toEqual(
      [
        "/docs",
        "/docs/",
        "/docs/favicon-16x16.png",
        "/docs/favicon-32x32.png",
        "/docs/index.css",
        "/docs/oauth2-redirect.html",
        "/docs/oauth2-redirect.js",
        "/docs/openapi.json",
        "/docs/openapi.yaml",
        "/docs/swagger-initializer.js",
        "/docs/swagger-ui-bundle.js",
        "/docs/swagger-ui-standalone-preset.js",
        "/docs/swagger-ui.css",
      ].sort(),
    );
  });

  it("serves the page at /docs and /docs/, each linking its files relative to itself", async () => {
    for (const [path, base] of [
      ["/docs", "docs/"],
      ["/docs/", ""],
    ] as const) {
      const response = await get(path);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8");
      expect(response.headers.get("cache-control")).toBe("no-cache");
      expect(response.headers.get("etag")).toMatch(/^"[\w-]+"$/);
      expect(response.headers.get("content-security-policy")).toBe(
        "script-src 'self'; object-src 'none'; base-uri 'none'",
      );
      expect(response.headers.get("referrer-policy")).toBe("no-referrer");
      const html = await response.text();
      expect(html).toContain("<title>Pets &lt;API&gt;</title>");
      expect(html).toContain('<div id="swagger-ui"></div>');
      for (const file of [
        "swagger-ui.css",
        "index.css",
        "favicon-32x32.png",
        "swagger-ui-bundle.js",
        "swagger-ui-standalone-preset.js",
        "swagger-initializer.js",
      ]) {
        expect(html).toMatch(new RegExp(`"${base}${file.replaceAll(".", "\\.")}\\?v=[\\w-]+"`));
      }
      // No inline script, no external origin.
      expect(html).not.toMatch(/<script(?![^>]*\bsrc=)/);
      expect(html).not.toMatch(/(?:src|href)="(?:https?:)?\/\//);
    }
  });

  it("picks the page by the request URL, so one mount point still serves both right", async () => {
    const handler = routes["/docs"];
    if (typeof handler !== "function") throw new Error("the page is a handler");
    const slashed = await (await handler(request("/docs/?x=1"))).text();
    const bare = await (await handler(request("/docs?x=/"))).text();
    expect(slashed).toMatch(/src="swagger-initializer\.js\?v=/);
    expect(bare).toMatch(/src="docs\/swagger-initializer\.js\?v=/);
  });

  it("links each asset with the version that makes it immutable", async () => {
    const html = await (await get("/docs/")).text();
    for (const [, file, version] of html.matchAll(/(?:src|href)="([\w.-]+)\?v=([\w-]+)"/g)) {
      const response = await get(`/docs/${file}?v=${version}`);
      expect(response.status, file).toBe(200);
      expect(response.headers.get("cache-control"), file).toBe(
        "public, max-age=31536000, immutable",
      );
      expect(response.headers.get("etag"), file).toBe(`"${version}"`);
    }
  });

  it.each([
    ["swagger-ui.css", "text/css; charset=utf-8", ".swagger-ui"],
    ["index.css", "text/css; charset=utf-8", "box-sizing"],
    ["swagger-ui-bundle.js", "text/javascript; charset=utf-8", "SwaggerUIBundle"],
    [
      "swagger-ui-standalone-preset.js",
      "text/javascript; charset=utf-8",
      "SwaggerUIStandalonePreset",
    ],
    ["oauth2-redirect.html", "text/html; charset=utf-8", "oauth2-redirect.js"],
    ["oauth2-redirect.js", "text/javascript; charset=utf-8", "swaggerUIRedirectOauth2"],
  ])("serves %s as %s", async (file, contentType, marker) => {
    const response = await get(`/docs/${file}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe(contentType);
    expect(response.headers.get("cache-control")).toBe("no-cache");
    expect(await response.text()).toContain(marker);
  });

  it("serves the favicons as PNG", async () => {
    for (const file of ["favicon-16x16.png", "favicon-32x32.png"]) {
      const response = await get(`/docs/${file}`);
      expect(response.headers.get("content-type")).toBe("image/png");
      const bytes = new Uint8Array(await response.arrayBuffer());
      expect([...bytes.slice(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47]);
    }
  });

  it("serves the document as JSON and YAML that parse back to it", async () => {
    const json = await get("/docs/openapi.json");
    expect(json.status).toBe(200);
    expect(json.headers.get("content-type")).toBe("application/json");
    expect(json.headers.get("etag")).toMatch(/^"[\w-]+"$/);
    expect(json.headers.get("cache-control")).toBe("no-cache");
    expect(await json.json()).toEqual(document);

    const yaml = await get("/docs/openapi.yaml");
    expect(yaml.status).toBe(200);
    expect(yaml.headers.get("content-type")).toBe("application/yaml");
    expect(yaml.headers.get("etag")).not.toBe(json.headers.get("etag"));
    expect(Bun.YAML.parse(await yaml.text())).toEqual(document);
  });

  it("answers 304 to a matching If-None-Match on every route", async () => {
    for (const path of Object.keys(routes)) {
      const first = await get(path);
      const etag = first.headers.get("etag");
      expect(etag, path).toBeTruthy();
      const again = await get(path, { headers: { "if-none-match": etag ?? "" } });
      expect(again.status, path).toBe(304);
      expect(await again.text(), path).toBe("");
    }
  });

  it("answers HEAD like GET without a body", async () => {
    for (const path of ["/docs", "/docs/openapi.json", "/docs/swagger-ui-bundle.js"]) {
      const full = await get(path);
      const body = new Uint8Array(await full.arrayBuffer());
      const head = await get(path, { method: "HEAD" });
      expect(head.status).toBe(200);
      expect(head.headers.get("content-type")).toBe(full.headers.get("content-type"));
      expect(head.headers.get("etag")).toBe(full.headers.get("etag"));
      expect(head.headers.get("content-length")).toBe(String(body.byteLength));
      expect(await head.text()).toBe("");
    }
  });

  it("starts Swagger UI with the document, Try it out, deep links and no validator", async () => {
    const response = await get("/docs/swagger-initializer.js");
    expect(response.headers.get("content-type")).toBe("text/javascript; charset=utf-8");
    const config = runInitializer(
      await response.text(),
      "http://host/docs/swagger-initializer.js?v=1",
    );
    expect(config).toEqual({
      url: "http://host/docs/openapi.json",
      oauth2RedirectUrl: "http://host/docs/oauth2-redirect.html",
      dom_id: "#swagger-ui",
      deepLinking: true,
      validatorUrl: null,
      tryItOutEnabled: true,
      queryConfigEnabled: false,
      layout: "StandaloneLayout",
      presets: ["apis-preset", "standalone-preset"],
      plugins: ["download-plugin"],
    });
  });

  it("finds the document under whatever prefix a proxy adds", async () => {
    const source = await (await get("/docs/swagger-initializer.js")).text();
    const config = runInitializer(
      source,
      "https://example.com/team/api/docs/swagger-initializer.js",
    );
    expect(config.url).toBe("https://example.com/team/api/docs/openapi.json");
  });
});

describe("swaggerUi options", () => {
  it("serves everything under a custom path, and the root page for a nested one", async () => {
    const routes = swaggerUi({ path: "/api/reference/" }).routes(context);
    expect(Object.keys(routes)).toContain("/api/reference");
    expect(Object.keys(routes)).toContain("/api/reference/");
    expect(Object.keys(routes)).toContain("/api/reference/openapi.json");
    expect(Object.keys(routes).every((path) => path.startsWith("/api/reference"))).toBe(true);
    const get = serve(routes);
    const html = await (await get("/api/reference")).text();
    expect(html).toMatch(/src="reference\/swagger-initializer\.js\?v=/);
    expect(await (await get("/api/reference/openapi.json")).json()).toEqual(document);
  });

  it("can live at the root", async () => {
    const routes = swaggerUi({ path: "/" }).routes(context);
    expect(Object.keys(routes)).toContain("/");
    expect(Object.keys(routes)).toContain("/openapi.yaml");
    const html = await (await serve(routes)("/")).text();
    expect(html).toMatch(/src="swagger-initializer\.js\?v=/);
  });

  it("puts the named options and uiConfig into the Swagger UI settings, uiConfig last", async () => {
    const plugin = swaggerUi({
      title: "Reference",
      persistAuthorization: true,
      docExpansion: "full",
      defaultModelsExpandDepth: 0,
      displayRequestDuration: true,
      filter: true,
      uiConfig: {
        syntaxHighlight: { theme: "monokai" },
        tryItOutEnabled: false,
        note: "</script>\u2028",
      },
    });
    const get = serve(plugin.routes(context));
    expect(await (await get("/docs")).text()).toContain("<title>Reference</title>");
    const source = await (await get("/docs/swagger-initializer.js")).text();
    expect(source).not.toContain("</script>");
    expect(source).not.toContain("\u2028");
    const config = runInitializer(source, "http://host/docs/swagger-initializer.js");
    expect(config).toMatchObject({
      persistAuthorization: true,
      docExpansion: "full",
      defaultModelsExpandDepth: 0,
      displayRequestDuration: true,
      filter: true,
      syntaxHighlight: { theme: "monokai" },
      tryItOutEnabled: false,
      note: "</script>\u2028",
      deepLinking: true,
      validatorUrl: null,
    });
  });

  it("resolves relative urls given in uiConfig against the docs folder", async () => {
    const plugin = swaggerUi({ uiConfig: { urls: [{ url: "openapi.yaml", name: "YAML" }] } });
    const get = serve(plugin.routes(context));
    const source = await (await get("/docs/swagger-initializer.js")).text();
    const config = runInitializer(source, "http://host/x/docs/swagger-initializer.js");
    expect(config.urls).toEqual([{ url: "http://host/x/docs/openapi.yaml", name: "YAML" }]);
  });

  it("refuses a uiConfig that cannot become JSON when the plugin is created", () => {
    expect(() => swaggerUi({ uiConfig: { requestInterceptor: (r: unknown) => r } })).toThrow(
      /uiConfig\.requestInterceptor is a function/,
    );
  });

  it("uses a fallback title when the document has none", async () => {
    const bare = { openapi: "3.0.3", info: { title: "", version: "1" }, paths: {} };
    const routes = swaggerUi().routes({ document: bare, json: JSON.stringify(bare), yaml: "" });
    expect(await (await serve(routes)("/docs")).text()).toContain(
      "<title>API documentation</title>",
    );
  });

  it("gives each app its own document while sharing the Swagger UI files", async () => {
    const other = { ...document, info: { title: "Other", version: "2.0.0" } };
    const first = serve(swaggerUi().routes(context));
    const second = serve(
      swaggerUi().routes({
        document: other,
        json: JSON.stringify(other),
        yaml: Bun.YAML.stringify(other),
      }),
    );
    const titleOf = async (response: Response) =>
      ((await response.json()) as { info: { title: string } }).info.title;
    expect(await titleOf(await second("/docs/openapi.json"))).toBe("Other");
    expect(await titleOf(await first("/docs/openapi.json"))).toBe("Pets <API>");
    const etag = (await first("/docs/swagger-ui.css")).headers.get("etag");
    expect((await second("/docs/swagger-ui.css")).headers.get("etag")).toBe(etag);
  });
});
