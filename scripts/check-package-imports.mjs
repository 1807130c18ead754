// `pnpm lint` step: no workspace imports another package's files by path (`../../core/src/...`).
// A package offers what others need through its entry points (`@trellis/core/internal`,
// `@trellis/testing/openapi`), so each package builds, packs and moves on its own. Tests, bench
// and examples included. Prints each offender and exits 1.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";

const root = join(import.meta.dirname, "..");
const skipped = new Set(["node_modules", "dist", ".turbo"]);
const workspaces = ["packages", "apps"]
  .flatMap((group) => readdirSync(join(root, group)).map((name) => join(root, group, name)))
  .concat(join(root, "bench"))
  .filter((dir) => existsSync(join(dir, "package.json")));

const packages = workspaces.filter((dir) => relative(root, dir).startsWith(`packages${sep}`));

function* sources(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) {
      if (!skipped.has(entry.name) && !entry.name.startsWith(".")) {
        yield* sources(join(dir, entry.name));
      }
    } else if (/\.(ts|tsx|mts|mjs|js)$/.test(entry.name) && !entry.name.endsWith(".d.ts")) {
      yield join(dir, entry.name);
    }
  }
}

// Root files (vitest.shared.ts, docs/examples, scripts) belong to no workspace and may be shared.
// The example app is the system under test of the framework-wide suites and the bench, which run
// its source and its test support as they are (it is never published): apps are not packages.
// Relative specifiers of static imports, re-exports, dynamic imports and `new URL(...)` lookups.
const specifiers = /(?:from\s+|import\s*\(\s*|import\s+)["'](\.{1,2}\/[^"']+)["']/g;

const outside = [];
for (const workspace of workspaces) {
  for (const file of sources(workspace)) {
    const text = readFileSync(file, "utf8");
    for (const match of text.matchAll(specifiers)) {
      const target = resolve(dirname(file), match[1]);
      const owner = packages.find((dir) => target === dir || target.startsWith(dir + sep));
      if (owner !== undefined && owner !== workspace) {
        outside.push(`${relative(root, file)}: imports ${match[1]}`);
      }
    }
  }
}
if (outside.length > 0) {
  console.error(
    `Imports of another workspace's files by path (use its package entry instead):\n${outside.join("\n")}`,
  );
  process.exit(1);
}
