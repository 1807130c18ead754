// `node scripts/mutation.mjs [folder...]`: mutation testing (StrykerJS with its vitest runner) over
// source folders, one Stryker run per folder with the package's own vitest config, then the score
// per folder and in total. Without folders it covers the rule folders of issue 51. Slow by design
// (every mutant reruns the tests that cover it), so it is not part of `pnpm test`.
//
//   --fresh          forget earlier results (runs are incremental: only changed code and tests rerun).
//                    Use it for the score after adding tests: with Stryker 10.1.1 an incremental
//                    run kept a static mutant's earlier "survived" that a new test kills.
//   --concurrency N  Stryker test-runner processes (default 1: the machines have two cores)
//   --min S          exit 1 when the total score is below S percent
//   --ignore-static  skip static mutants (module-level code: each reruns the whole suite); they
//                    are then left out of the score, which says so
//   --files A,B      mutate only these files of each folder (names or globs relative to the
//                    folder, comma-separated): a subset of a folder too large for one sitting;
//                    the incremental cache is then kept per subset
//
// Stryker 10 needs Node >= 22 and the tests need Bun (Bun.serve, Bun.sql), so Stryker itself runs
// under Bun, with scripts/mutation-preload.mjs preloaded. It mutates the files in place (the
// sandbox copy would lose the packages' `../../vitest.shared.ts`) and puts them back when done.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, relative, resolve } from "node:path";
import { addUp, readScore, scoreOf } from "./mutation-score.mjs";

const root = resolve(import.meta.dirname, "..");
const require = createRequire(join(root, "package.json"));

/** Core's rule folders: conditional requests, rate limits, idempotency, request reading, http,
 * pub/sub and operation precedence (the feature plan and the operation model). */
const ruleFolders = [
  "packages/conditional/src",
  "packages/rate-limit/src",
  "packages/idempotency/src",
  "packages/core/src/request",
  "packages/core/src/http",
  "packages/core/src/pubsub",
  "packages/core/src/feature",
  "packages/core/src/operation",
];

const { folders, fresh, concurrency, min, ignoreStatic, files } = parseArguments(
  process.argv.slice(2),
);
const bun = join(dirname(require.resolve("bun/package.json")), "bin", "bun.exe");
const stryker = join(
  dirname(require.resolve("@stryker-mutator/core/package.json")),
  "bin",
  "stryker.js",
);
const vitestRunner = require.resolve("@stryker-mutator/vitest-runner");
const cache = join(root, "node_modules", ".cache", "trellis-mutation");

// The suites import built packages too (core's docs tests load @trellis/swagger-ui's dist):
// build first, as `pnpm test` does; turbo's cache makes it quick when nothing changed.
const { packageManager } = JSON.parse(readFileSync(join(root, "package.json"), "utf8"));
const build = spawnSync("npx", ["-y", packageManager, "run", "build"], {
  cwd: root,
  stdio: "inherit",
});
if (build.status !== 0) {
  console.error("the build failed: no mutation run");
  process.exit(1);
}

const results = [];
for (const folder of folders) {
  const packageDir = packageOf(folder);
  const slug = relative(join(root, "packages"), folder).replaceAll("/", "-").replace(/-src$/, "");
  // A subset keeps its own cache: its report must not be read as the whole folder's.
  const work = join(cache, files.length === 0 ? slug : `${slug}--${subsetName(files)}`);
  if (fresh) rmSync(work, { recursive: true, force: true });
  mkdirSync(work, { recursive: true });
  const inside = relative(packageDir, folder);
  const configFile = join(work, "stryker.config.json");
  writeFileSync(configFile, JSON.stringify(strykerConfig(inside, work), null, 2));
  console.log(`\n== ${relative(root, folder)}: stryker in ${relative(root, packageDir)}`);
  const run = spawnSync(
    bun,
    [
      "--bun",
      "--preload",
      join(import.meta.dirname, "mutation-preload.mjs"),
      stryker,
      "run",
      configFile,
    ],
    {
      cwd: packageDir,
      stdio: "inherit",
      env: { ...process.env, NODE_PATH: join(root, "node_modules", ".pnpm", "node_modules") },
    },
  );
  const reportFile = join(work, "report.json");
  if (run.status !== 0 || !existsSync(reportFile)) {
    console.error(`stryker failed for ${relative(root, folder)} (exit ${run.status})`);
    process.exit(1);
  }
  const figures = readScore(reportFile);
  const prefix = relative(root, packageDir);
  figures.survivors = figures.survivors.map((line) => line.replace(" ", ` ${prefix}/`));
  results.push({ folder: relative(root, folder), figures });
}

console.log("\nMutation score (killed / (killed + survived + no coverage)):");
for (const { folder, figures } of results) console.log(row(folder, figures));
const total = addUp(results.map((result) => result.figures));
if (results.length > 1) console.log(row("total", total));
const survivors = results.flatMap((result) => result.figures.survivors);
if (survivors.length > 0)
  console.log(`\nNot killed (${survivors.length}):\n${survivors.join("\n")}`);
if (min !== undefined && scoreOf(total) < min) {
  console.error(`\ntotal score ${scoreOf(total).toFixed(2)} % is below --min ${min} %`);
  process.exit(1);
}

function strykerConfig(inside, work) {
  const glob = inside === "" ? "**" : `${inside}/**`;
  const chosen = files.map((file) => (inside === "" ? file : `${inside}/${file}`));
  return {
    testRunner: "vitest",
    plugins: [vitestRunner],
    vitest: { configFile: "vitest.config.ts" },
    mutate: [
      ...(chosen.length === 0 ? [`${glob}/*.ts`] : chosen),
      `!${glob}/*.test.ts`,
      `!${glob}/*.test-d.ts`,
      `!${glob}/test-helpers/**`,
    ],
    coverageAnalysis: "perTest",
    ignoreStatic,
    concurrency,
    inPlace: true,
    // vitest strips types without checking them: no `// @ts-nocheck` written into every file.
    disableTypeChecks: false,
    incremental: true,
    incrementalFile: join(work, "incremental.json"),
    tempDirName: join(work, "tmp"),
    reporters: ["clear-text", "progress-append-only", "json"],
    clearTextReporter: { allowColor: false, logTests: false },
    jsonReporter: { fileName: join(work, "report.json") },
    // A busy machine must not pass for a hanging mutant: the bound is generous, a hang still ends.
    timeoutMS: 10_000,
    warnings: { slow: false },
  };
}

function subsetName(chosen) {
  const name = chosen.map((file) => file.replace(/\.ts$/, "").replace(/[^A-Za-z0-9-]+/g, "_"));
  return name.join("+").slice(0, 120);
}

function packageOf(folder) {
  for (let dir = folder; dir.startsWith(root) && dir !== root; dir = dirname(dir)) {
    if (existsSync(join(dir, "package.json"))) return dir;
  }
  throw new Error(`${folder} is in no package of this repository`);
}

function row(name, figures) {
  const { killed, survived, noCoverage, errors, ignored } = figures;
  const score = scoreOf(figures).toFixed(2).padStart(6);
  return `  ${name.padEnd(30)} ${score} %  killed ${killed}, survived ${survived}, no coverage ${noCoverage}${errors ? `, errors ${errors}` : ""}${ignored ? `, static left out ${ignored}` : ""}`;
}

function parseArguments(args) {
  const options = {
    folders: [],
    fresh: false,
    concurrency: 1,
    min: undefined,
    ignoreStatic: false,
    files: [],
  };
  for (let i = 0; i < args.length; i += 1) {
    const arg = args[i];
    if (arg === "--fresh") options.fresh = true;
    else if (arg === "--ignore-static") options.ignoreStatic = true;
    else if (arg === "--concurrency") options.concurrency = Number(args[++i]);
    else if (arg === "--min") options.min = Number(args[++i]);
    else if (arg === "--files") options.files.push(...args[++i].split(",").filter(Boolean));
    else if (arg.startsWith("--")) throw new Error(`unknown option ${arg}`);
    else options.folders.push(resolve(arg));
  }
  if (options.folders.length === 0)
    options.folders = ruleFolders.map((folder) => join(root, folder));
  for (const folder of options.folders) {
    if (!existsSync(folder)) throw new Error(`no folder ${relative(root, folder)}`);
  }
  return options;
}
