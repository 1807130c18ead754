import { createRequire } from "node:module";
import { configError } from "../errors/core-config-error.js";

// The one place core names the Swagger UI package: `docs: { swagger: true }` loads it by name.
export const packageName = "@trellis/swagger-ui";
export const install = `bun add ${packageName}`;
/** What a single-file executable imports to carry Swagger UI inside it. */
export const embedImport = `${packageName}/embed`;

/**
 * True in a single-file executable (`bun build --compile`): it has no node_modules, so installing
 * the package does not help; importing its embed entry does. Bun says so; older Bun versions
 * show it in the module's URL, which points into the binary's own file system.
 */
export function inStandaloneExecutable(url = import.meta.url): boolean {
  const bun = (globalThis as { Bun?: { isStandaloneExecutable?: unknown } }).Bun;
  return bun?.isStandaloneExecutable === true || /\/\$bunfs\/|~BUN/.test(url);
}

/** A file in the working directory (joined by hand: `node:path` is not worth its import here). */
function inWorkingDirectory(file: string): string {
  const directory = process.cwd();
  return /[\\/]$/.test(directory) ? `${directory}${file}` : `${directory}/${file}`;
}

/**
 * Loads `@trellis/swagger-ui` synchronously (createApp is synchronous; Bun's `require` loads ESM),
 * looking from the app's working directory first, where the app installed it, then from core's own
 * location (or takes the one `@trellis/swagger-ui/embed` registered). `searchFrom` lists the files
 * or file URLs to resolve from; `standalone`, whether this runs as a single-file executable, which
 * needs the embed import rather than an install.
 */
export function loadSwaggerUi(
  searchFrom: readonly string[] = [inWorkingDirectory("package.json"), import.meta.url],
  option = "docs.swagger",
  standalone = inStandaloneExecutable(),
): unknown {
  // Registered by `@trellis/swagger-ui/embed` in a single-file executable, which has no
  // node_modules to resolve from.
  const embedded = (globalThis as Record<symbol, unknown>)[Symbol.for(packageName)];
  if (embedded !== undefined) return embedded;
  for (const from of searchFrom) {
    const require = createRequire(from);
    let resolved: string;
    try {
      resolved = require.resolve(packageName);
    } catch {
      continue; // not installed where this place can see it: try the next one
    }
    try {
      return require(resolved);
    } catch (cause) {
      const reason = cause instanceof Error ? cause.message : String(cause);
      throw configError(
        "DOCS_PLUGIN_MISSING",
        [
          `${option} is enabled and`,
          `${packageName} was found at ${resolved}, but it could not be loaded (${reason})`,
          `Reinstall it with \`${install}\``,
        ],
        { cause },
      );
    }
  }
  if (standalone) {
    throw configError("DOCS_PLUGIN_MISSING", [
      `${option} is enabled in a single-file executable (bun build --compile),`,
      `which has no node_modules to load ${packageName} from`,
      `Add \`import "${embedImport}";\` as the first import of the entry file you compile (it carries Swagger UI inside the binary), or pass a docs plugin as ${option}, or leave ${option} off`,
    ]);
  }
  throw configError("DOCS_PLUGIN_MISSING", [
    `${option} is enabled but`,
    `the package ${packageName} is not installed`,
    `Install it with \`${install}\`, or pass a docs plugin as ${option}, or leave ${option} off`,
  ]);
}
