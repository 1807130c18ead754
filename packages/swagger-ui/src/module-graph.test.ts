import { createApp, type ModuleInfo } from "@trellis/core";
import { jsonSchemaAdapter } from "@trellis/testing";
import { describe, expect, it } from "vitest";
import { moduleGraph } from "./module-graph.js";
import { moduleGraphDot } from "./module-graph-dot.js";
import { appFolderWithSwaggerUi, inFolder } from "./test-helpers/install-shim.js";
import { UsersModule } from "./test-helpers/modules-fixture.js";

const app = () =>
  createApp({
    schema: jsonSchemaAdapter(),
    imports: [UsersModule],
    docs: { modules: moduleGraph() },
  });
const get = (path: string) => app().fetch(new Request(`http://localhost${path}`));

describe("moduleGraph()", () => {
  it("draws each module with what it declares and an arrow per import", () => {
    expect(moduleGraphDot(app().modules)).toBe(`digraph modules {
  rankdir=LR;
  node [shape=box, style="rounded,filled", fillcolor="#eef3fb", color="#5b7bb5", fontname="Helvetica", fontsize=11];
  edge [color="#5b7bb5"];
  "createApp" [label="createApp\\l"];
  "StoreModule" [label="StoreModule\\lproviders: Store\\lexports: Store\\l"];
  "UsersModule" [label="UsersModule\\lcontrollers: UserController\\lproviders: Users\\l"];
  "createApp" -> "UsersModule";
  "UsersModule" -> "StoreModule";
}
`);
  });

  it("keeps names literal in DOT (quotes, backslashes, newlines)", () => {
    const odd: ModuleInfo = {
      name: 'A"] -> evil [label="x\\',
      imports: [],
      controllers: [],
      providers: ['Symbol(a"b)'],
      exports: [],
    };
    const dot = moduleGraphDot([odd]);
    expect(dot).toContain(
      '"A\\"] -> evil [label=\\"x\\\\" [label="A\\"] -> evil [label=\\"x\\\\\\lproviders: Symbol(a\\"b)\\l"];',
    );
  });

  it("serves the page, the DOT text, the modules as JSON and Graphviz from this package", async () => {
    const page = await get("/docs/modules");
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(page.headers.get("content-security-policy")).toContain(
      "script-src 'self' 'wasm-unsafe-eval'",
    );
    const html = await page.text();
    expect(html).toContain('data-dot="modules/graph.dot?v=');
    expect(html).toContain("<dt>UsersModule</dt>");
    expect(html).not.toMatch(/<script>(?!<\/script>)/); // no inline script
    const dot = await get("/docs/modules/graph.dot");
    expect(await dot.text()).toContain('"UsersModule" -> "StoreModule";');
    const json = await get("/docs/modules/modules.json");
    expect(((await json.json()) as ModuleInfo[]).map((module) => module.name)).toEqual([
      "createApp",
      "StoreModule",
      "UsersModule",
    ]);
    const viz = await get("/docs/modules/viz-global.js");
    expect(viz.headers.get("content-type")).toBe("text/javascript; charset=utf-8");
    const bytes = (await viz.arrayBuffer()).byteLength;
    // Graphviz with its WebAssembly inlined: about 1.3 MB, one file, no further downloads.
    expect(bytes).toBeGreaterThan(500_000);
    expect(bytes).toBeLessThan(3_000_000);
    expect((await get("/docs/modules/module-graph.js")).status).toBe(200);
  });

  it("is what docs: { modules: true } mounts, at a path of your choice", async () => {
    const folder = appFolderWithSwaggerUi();
    const served = inFolder(folder, () =>
      createApp({
        schema: jsonSchemaAdapter(),
        imports: [UsersModule],
        docs: { modules: { path: "/internal/graph" } },
      }),
    );
    const response = await served.fetch(new Request("http://localhost/internal/graph"));
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('data-dot="graph/graph.dot?v=');
    expect((await served.fetch(new Request("http://localhost/docs"))).status).toBe(404);
  });

  it("refuses a bad path", () => {
    expect(() => moduleGraph({ path: "docs" })).toThrow(
      "moduleGraph(): path must be an absolute path",
    );
    expect(() => moduleGraph({ path: "/docs/" })).toThrow("no trailing slash");
  });
});
