import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { embeddedFiles } from "./embedded-files.js";
import { embedAdvice, inStandaloneExecutable } from "./standalone-executable.js";

/** One file of `swagger-ui-dist` that the page needs, read into memory. */
export interface DistAsset {
  /** The file name, which is also its URL below the docs path. */
  readonly name: string;
  readonly contentType: string;
  readonly bytes: Uint8Array;
}

const javascript = "text/javascript; charset=utf-8";
const css = "text/css; charset=utf-8";

// The only files served: a fixed list, so no request path ever reaches the filesystem.
const needed: readonly (readonly [name: string, contentType: string])[] = [
  ["swagger-ui.css", css],
  ["index.css", css],
  ["swagger-ui-bundle.js", javascript],
  ["swagger-ui-standalone-preset.js", javascript],
  ["favicon-32x32.png", "image/png"],
  ["favicon-16x16.png", "image/png"],
  ["oauth2-redirect.html", "text/html; charset=utf-8"],
  ["oauth2-redirect.js", javascript],
];

let loaded: { readonly version: string; readonly assets: readonly DistAsset[] } | undefined;

/**
 * The Swagger UI files, found through this package's own dependency and read once per process
 * (every app built afterwards shares the same bytes).
 */
export function distAssets(): { readonly version: string; readonly assets: readonly DistAsset[] } {
  loaded ??= readDist();
  return loaded;
}

/** Where swagger-ui-dist's files are: inside the binary, else the installed package. */
interface DistFiles {
  readonly version: string;
  pathOf(name: string): string;
}

function readDist() {
  const { version, pathOf } = embeddedFiles() ?? installedFiles();
  const assets = needed.map(([name, contentType]) => ({
    name,
    contentType,
    bytes: new Uint8Array(readFileSync(pathOf(name))),
  }));
  return { version, assets };
}

function installedFiles(): DistFiles {
  let manifestPath: string;
  try {
    manifestPath = createRequire(import.meta.url).resolve("swagger-ui-dist/package.json");
  } catch (cause) {
    throw new Error(
      inStandaloneExecutable()
        ? `@trellis/swagger-ui: a single-file executable (bun build --compile) carries Swagger UI's files only when it imports the embed entry: ${embedAdvice}.`
        : "@trellis/swagger-ui: its dependency swagger-ui-dist cannot be found; reinstall @trellis/swagger-ui.",
      { cause },
    );
  }
  const folder = dirname(manifestPath);
  const manifest = JSON.parse(readFileSync(manifestPath, "utf8")) as { version?: unknown };
  return { version: String(manifest.version), pathOf: (name) => join(folder, name) };
}
