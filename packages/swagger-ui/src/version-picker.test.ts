import type { DocsPluginContext, DocsVersion } from "@trellis/core/extend";
import { describe, expect, it } from "vitest";
import { swaggerUi } from "./swagger-ui.js";
import { versionPicker } from "./version-picker.js";

const versions: DocsVersion[] = [
  { version: "1", name: "v1", path: "v1/openapi.json", primary: false },
  { version: "2", name: "v2", path: "v2/openapi.json", primary: true },
];
const document = { openapi: "3.0.3", info: { title: "Items", version: "1.0.0" }, paths: {} };
const context = (given?: readonly DocsVersion[]): DocsPluginContext => ({
  document,
  json: JSON.stringify(document),
  yaml: JSON.stringify(document),
  ...(given ? { versions: given } : {}),
});

// The initializer's config, as the browser would hand it to SwaggerUIBundle.
async function initialConfig(given?: readonly DocsVersion[]): Promise<Record<string, unknown>> {
  const routes = swaggerUi().routes(context(given));
  const script = await (routes["/docs/swagger-initializer.js"] as (r: Request) => Response)(
    new Request("http://localhost/docs/swagger-initializer.js"),
  ).text();
  let config: Record<string, unknown> = {};
  const bundle = Object.assign((given: Record<string, unknown>) => (config = given), {
    presets: { apis: "apis" },
    plugins: { DownloadUrl: "download" },
  });
  new Function("document", "window", "SwaggerUIBundle", "SwaggerUIStandalonePreset", script)(
    { currentScript: { src: "http://localhost/docs/swagger-initializer.js" } },
    {},
    bundle,
    "preset",
  );
  return config;
}

describe("the version picker", () => {
  it("lists each version's document, absolute from the docs folder, opening on the default", async () => {
    const config = await initialConfig(versions);
    expect(config.urls).toEqual([
      { url: "http://localhost/docs/v1/openapi.json", name: "v1" },
      { url: "http://localhost/docs/v2/openapi.json", name: "v2" },
    ]);
    expect(config["urls.primaryName"]).toBe("v2");
  });

  it("adds nothing for an app without versions, and keeps a urls list the user gave", async () => {
    expect((await initialConfig()).urls).toBeUndefined();
    const own = { urls: [{ url: "other.json", name: "other" }] };
    expect(versionPicker(own, versions)).toBe(own);
    expect(versionPicker(own, [])).toBe(own);
  });
});
