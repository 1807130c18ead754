import { describe, expect, it } from "vitest";
import { resolveSwaggerUiOptions, type SwaggerUiOptions } from "./swagger-ui-options.js";

const resolve = (options: unknown) => resolveSwaggerUiOptions(options as SwaggerUiOptions);

describe("resolveSwaggerUiOptions", () => {
  it("defaults to /docs with no extra settings", () => {
    expect(resolve(undefined)).toEqual({
      path: "/docs",
      title: undefined,
      settings: {},
      uiConfig: {},
    });
    expect(resolve({})).toEqual({ path: "/docs", title: undefined, settings: {}, uiConfig: {} });
  });

  it("normalizes the path: trailing slash dropped, root kept", () => {
    expect(resolve({ path: "/api/docs/" }).path).toBe("/api/docs");
    expect(resolve({ path: "/reference" }).path).toBe("/reference");
    expect(resolve({ path: "/" }).path).toBe("/");
    expect(resolve({ path: "/v1.2/api_docs~x-y" }).path).toBe("/v1.2/api_docs~x-y");
  });

  it.each([
    ["docs", /must be a string that starts with "\/"/],
    [42, /must be a string that starts with "\/" \(got 42\)/],
    ["/docs/:id", /may only hold/],
    ["/docs/*", /may only hold/],
    ["/docs//x", /may only hold/],
    ["/docs/../etc", /may only hold/],
    ["/docs?x=1", /may only hold/],
    ["/do cs", /may only hold/],
    ["/%2e%2e", /may only hold/],
  ])("refuses the path %j", (path, message) => {
    expect(() => resolve({ path })).toThrow(TypeError);
    expect(() => resolve({ path })).toThrow(message);
  });

  it("maps the named UI options to SwaggerUIBundle settings", () => {
    const resolved = resolve({
      title: "Users API",
      persistAuthorization: true,
      docExpansion: "none",
      defaultModelsExpandDepth: -1,
      displayRequestDuration: true,
      filter: "users",
      uiConfig: { syntaxHighlight: false },
    });
    expect(resolved.title).toBe("Users API");
    expect(resolved.settings).toEqual({
      persistAuthorization: true,
      docExpansion: "none",
      defaultModelsExpandDepth: -1,
      displayRequestDuration: true,
      filter: "users",
    });
    expect(resolved.uiConfig).toEqual({ syntaxHighlight: false });
  });

  it.each([
    [{ persistAuthorization: "yes" }, /"persistAuthorization" must be a boolean \(got "yes"\)/],
    [{ docExpansion: "open" }, /"docExpansion" must be "list", "full" or "none"/],
    [
      { defaultModelsExpandDepth: 1.5 },
      /"defaultModelsExpandDepth" must be an integer of -1 or more/,
    ],
    [{ defaultModelsExpandDepth: -2 }, /"defaultModelsExpandDepth" must be an integer/],
    [{ displayRequestDuration: 1 }, /"displayRequestDuration" must be a boolean/],
    [{ filter: 3 }, /"filter" must be a boolean or a string/],
    [{ title: ["x"] }, /"title" must be a string \(got an array\)/],
    [{ uiConfig: [] }, /"uiConfig" must be a plain object/],
    [{ uiConfig: null }, /"uiConfig" must be a plain object \(got null\)/],
    [{ docExpension: "none" }, /unknown option "docExpension".*uiConfig/],
    [[], /options must be an object/],
  ])("refuses %j", (options, message) => {
    expect(() => resolve(options)).toThrow(message);
  });
});
