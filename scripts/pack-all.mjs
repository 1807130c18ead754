// `pnpm pack:all [--out DIR] [NAME...]`: build every publishable (non-private) workspace package (or
// only the ones named) and pack it exactly as `pnpm publish` would (`pnpm pack` turns `workspace:`
// ranges into real versions), into one folder (default `.packs/`). Prints one tarball path per line
// on stdout; progress goes to stderr. Install the result anywhere with `bun add ./.packs/*.tgz`
// (see README.md).
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { parseArgs } from "node:util";

const root = join(import.meta.dirname, "..");
const { values, positionals } = parseArgs({
  options: { out: { type: "string" } },
  allowPositionals: true,
});
const out = resolve(values.out ?? join(root, ".packs"));

const manifests = ["packages", "apps"]
  .flatMap((group) => readdirSync(join(root, group)).map((name) => join(root, group, name)))
  .concat(join(root, "bench"))
  .map((dir) => join(dir, "package.json"))
  .filter((file) => existsSync(file))
  .map((file) => ({ dir: dirname(file), ...JSON.parse(readFileSync(file, "utf8")) }));
const publishable = manifests.filter((manifest) => !manifest.private);
const unknown = positionals.filter(
  (name) => !publishable.some((manifest) => manifest.name === name),
);
if (unknown.length > 0) {
  console.error(`pack-all: not a published workspace package: ${unknown.join(", ")}`);
  process.exit(1);
}
const chosen =
  positionals.length === 0
    ? publishable
    : publishable.filter((manifest) => positionals.includes(manifest.name));
const names = chosen.map((manifest) => manifest.name);
const filters = names.flatMap((name) => ["--filter", name]);

// Run pnpm the way we were started (`npx pnpm@x` puts no pnpm on PATH), else the one on PATH.
const entry = process.env.npm_execpath;
function pnpm(args, stdout) {
  const [command, prefix] =
    entry && /pnpm[^/\\]*\.[cm]?js$/.test(entry) ? [process.execPath, [entry]] : ["pnpm", []];
  const result = spawnSync(command, [...prefix, ...args], {
    cwd: root,
    encoding: "utf8",
    stdio: ["ignore", stdout, "inherit"],
  });
  if (result.status !== 0) {
    console.error(`pack-all: \`pnpm ${args.join(" ")}\` failed (${result.error ?? result.status})`);
    process.exit(1);
  }
  return result.stdout;
}

// Each package's own build script (`tsc -b`, in dependency order; quick when dist is current).
pnpm([...filters, "run", "build"], process.stderr);

// `tsc -b` never deletes what it emitted for a source file since moved or removed, and dist ships
// whole: drop each dist file whose src/<same path>.ts(x) is gone (and an old build's leftovers,
// such as the bundle core once published), so a tarball holds what a clean build would.
const emittedFrom = /(\.d)?\.(js|ts)(\.map)?$/;
for (const { dir } of chosen) {
  const dist = join(dir, "dist");
  if (!existsSync(dist)) continue;
  const stale = readdirSync(dist, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name !== "tsconfig.tsbuildinfo")
    .map((entry) => relative(dist, join(entry.parentPath, entry.name)))
    .filter((file) => {
      const stem = file.replace(emittedFrom, "");
      const sources = [`${stem}.ts`, `${stem}.tsx`, file]; // file: a JSON file copied as it is
      return !sources.some((source) => existsSync(join(dir, "src", source)));
    });
  for (const file of stale) rmSync(join(dist, file));
  if (stale.length > 0) {
    console.error(
      `pack-all: removed ${stale.length} stale file(s) from ${relative(root, dist)}: ${stale.join(", ")}`,
    );
  }
}

// Drop older tarballs of these packages so `*.tgz` in the folder is exactly this set.
mkdirSync(out, { recursive: true });
const prefixes = names.map((name) => `${name.replace(/^@/, "").replace("/", "-")}-`);
for (const file of readdirSync(out)) {
  const prefix = prefixes.find((p) => file.startsWith(p));
  if (prefix && /^\d/.test(file.slice(prefix.length)) && file.endsWith(".tgz")) {
    rmSync(join(out, file));
  }
}

const packed = JSON.parse(
  pnpm(["--recursive", ...filters, "pack", "--pack-destination", out, "--json"], "pipe"),
);
for (const { filename } of [packed].flat()) console.log(filename);
