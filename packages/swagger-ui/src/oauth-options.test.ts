import type { DocsPluginContext } from "@trellis/core/extend";
import { describe, expect, it } from "vitest";
import { resolveOAuthOptions } from "./oauth-options.js";
import { swaggerUi } from "./swagger-ui.js";

const document = { openapi: "3.0.3", info: { title: "Orders", version: "1.0.0" }, paths: {} };
const context: DocsPluginContext = {
  document,
  json: JSON.stringify(document),
  yaml: Bun.YAML.stringify(document),
};

// Runs the page's initializer with a stand-in SwaggerUIBundle; answers what initOAuth was given.
async function initOAuthOf(plugin: ReturnType<typeof swaggerUi>): Promise<unknown[]> {
  const handler = plugin.routes(context)["/docs/swagger-initializer.js"];
  if (typeof handler !== "function") throw new Error("no initializer route");
  const source = await (
    await handler(new Request("http://host/docs/swagger-initializer.js"))
  ).text();
  const calls: unknown[] = [];
  const bundle = Object.assign(() => ({ initOAuth: (given: unknown) => calls.push(given) }), {
    presets: { apis: {} },
    plugins: { DownloadUrl: {} },
  });
  new Function("document", "window", "SwaggerUIBundle", "SwaggerUIStandalonePreset", source)(
    { currentScript: { src: "http://host/docs/swagger-initializer.js" } },
    { location: { href: "http://host/docs" } },
    bundle,
    {},
  );
  return calls;
}

describe("swaggerUi({ oauth })", () => {
  it("gives Swagger UI the client, the ticked scopes, PKCE and the resource indicator", async () => {
    const calls = await initOAuthOf(
      swaggerUi({
        oauth: { clientId: "docs", scopes: ["orders:read"], resource: "https://orders.test" },
      }),
    );
    expect(calls).toEqual([
      {
        clientId: "docs",
        scopes: ["orders:read"],
        scopeSeparator: " ",
        usePkceWithAuthorizationCodeGrant: true,
        additionalQueryStringParams: { resource: "https://orders.test" },
      },
    ]);
  });

  it("keeps other authorization parameters beside the resource", () => {
    expect(
      resolveOAuthOptions({ clientId: "docs", authorizationParams: { prompt: "login" } }),
    ).toMatchObject({ scopes: [], additionalQueryStringParams: { prompt: "login" } });
  });

  it("does not call initOAuth without the option", async () => {
    expect(await initOAuthOf(swaggerUi())).toEqual([]);
  });

  it.each([
    [null, "must be an object"],
    [{}, "needs clientId"],
    [{ clientId: "" }, "needs clientId"],
    [{ clientId: "docs", scopes: "orders:read" }, "scopes must be an array"],
    [{ clientId: "docs", resource: "orders" }, "resource must be an absolute URI"],
    [{ clientId: "docs", authorizationParams: { n: 1 } }, "authorizationParams must be"],
    [{ clientId: "docs", clientSecret: "s" }, 'unknown key "clientSecret"'],
  ])("refuses %j at startup", (oauth, message) => {
    expect(() => swaggerUi({ oauth: oauth as never })).toThrow(message);
  });
});
