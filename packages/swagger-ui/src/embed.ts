// biome-ignore-all assist/source/organizeImports: each file import keeps its @ts-expect-error above it
// `@trellis/swagger-ui/embed`: import it first in the entry of a single-file executable
// (`bun build --compile`). It carries Swagger UI's files into the binary as file imports, and
// registers the package so that `docs: { swagger: true }` finds it without `node_modules`.
// Plain `bun` runs never need it.
import manifest from "swagger-ui-dist/package.json" with { type: "json" };
import { registerEmbeddedFiles } from "./embedded-files.js";
import * as swaggerUiPackage from "./index.js";
// The files have no types: with Bun's `type: "file"`, each import is only a path.
// @ts-expect-error
import swaggerUiCss from "swagger-ui-dist/swagger-ui.css" with { type: "file" };
// @ts-expect-error
import indexCss from "swagger-ui-dist/index.css" with { type: "file" };
// @ts-expect-error
import bundleJs from "swagger-ui-dist/swagger-ui-bundle.js" with { type: "file" };
// @ts-expect-error
import presetJs from "swagger-ui-dist/swagger-ui-standalone-preset.js" with { type: "file" };
// @ts-expect-error
import favicon32 from "swagger-ui-dist/favicon-32x32.png" with { type: "file" };
// @ts-expect-error
import favicon16 from "swagger-ui-dist/favicon-16x16.png" with { type: "file" };
// Typed by bun-types as an HTML bundle; as a file import it is a path too.
import oauth2RedirectHtml from "swagger-ui-dist/oauth2-redirect.html" with { type: "file" };
// @ts-expect-error
import oauth2RedirectJs from "swagger-ui-dist/oauth2-redirect.js" with { type: "file" };

registerEmbeddedFiles(String((manifest as { version?: unknown }).version), {
  "swagger-ui.css": swaggerUiCss,
  "index.css": indexCss,
  "swagger-ui-bundle.js": bundleJs,
  "swagger-ui-standalone-preset.js": presetJs,
  "favicon-32x32.png": favicon32,
  "favicon-16x16.png": favicon16,
  "oauth2-redirect.html": oauth2RedirectHtml as unknown as string,
  "oauth2-redirect.js": oauth2RedirectJs,
});

// Where core's `docs: { swagger: true }` looks before resolving the package by name.
(globalThis as Record<symbol, unknown>)[Symbol.for("@trellis/swagger-ui")] = swaggerUiPackage;
