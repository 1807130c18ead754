import "reflect-metadata";
import { classValidator } from "@trellis/adapter-class-validator";
import { createApp } from "@trellis/core";
import { swaggerUi } from "@trellis/swagger-ui";
import { documented } from "./documented.ts";
import { UserController } from "./getting-started.js";

const openapi = documented("users", "Create and read users.");

// #region default
// Swagger UI at /docs, the document at /docs/openapi.json and /docs/openapi.yaml.
export const app = createApp({
  schema: classValidator(),
  controllers: [UserController],
  docs: { swagger: true },
  openapi,
});
// #endregion

// #region options
// Settings inline: createApp loads @trellis/swagger-ui and passes them to swaggerUi().
export const inline = createApp({
  schema: classValidator(),
  controllers: [UserController],
  docs: { swagger: { path: "/reference", docExpansion: "none", filter: true } },
  openapi,
});

// Or the plugin itself, when you prefer an explicit import.
export const explicit = createApp({
  schema: classValidator(),
  controllers: [UserController],
  docs: { swagger: swaggerUi({ path: "/api-docs", persistAuthorization: true }) },
  openapi,
});
// #endregion

/** Fetches the page, the document and the initializer from each app. */
export async function demo() {
  const get = (target: typeof app, path: string, headers: Record<string, string> = {}) =>
    target.fetch(new Request(`http://localhost${path}`, { headers }));
  const spec = await get(app, "/docs/openapi.json");
  return {
    page: await get(app, "/docs"),
    json: spec,
    yaml: await get(app, "/docs/openapi.yaml"),
    revalidated: await get(app, "/docs/openapi.json", {
      "if-none-match": spec.headers.get("etag") ?? "",
    }),
    inlinePage: await get(inline, "/reference"),
    inlineScript: await get(inline, "/reference/swagger-initializer.js"),
    oldPathGone: await get(inline, "/docs"),
    explicitPage: await get(explicit, "/api-docs"),
    document: app.document,
  };
}
