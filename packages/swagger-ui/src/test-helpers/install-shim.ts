import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

/**
 * Makes an app folder whose `node_modules/@trellis/swagger-ui` re-exports this package's source,
 * as `bun add @trellis/swagger-ui` would install it (the real package points at a `dist` that
 * tests must not depend on). Returns the folder.
 */
export function appFolderWithSwaggerUi(): string {
  const app = mkdtempSync(join(tmpdir(), "trellis-swagger-app-"));
  const folder = join(app, "node_modules", "@trellis", "swagger-ui");
  mkdirSync(folder, { recursive: true });
  const source = resolve(import.meta.dirname, "..", "index.ts");
  writeFileSync(
    join(folder, "package.json"),
    JSON.stringify({ name: "@trellis/swagger-ui", type: "module", exports: { ".": "./index.js" } }),
  );
  writeFileSync(
    join(folder, "index.js"),
    `export { moduleGraph, swaggerUi } from ${JSON.stringify(source)};\n`,
  );
  return app;
}

/** An app folder with nothing installed. */
export function emptyAppFolder(): string {
  return mkdtempSync(join(tmpdir(), "trellis-empty-app-"));
}

/** Runs `action` with the working directory set to `folder`, then restores it. */
export function inFolder<T>(folder: string, action: () => T): T {
  const previous = process.cwd();
  process.chdir(folder);
  try {
    return action();
  } finally {
    process.chdir(previous);
  }
}
