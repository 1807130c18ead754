// The one test command (README, CI): lint and typecheck side by side, then every workspace's
// vitest suite, two at a time, then a single closing line "N passed, N failed" summed over
// all suites. Each step prints how long it took, so the time budget stays visible.
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const root = join(import.meta.dirname, "..");
const workspaces = ["packages", "apps"]
  .flatMap((group) => readdirSync(join(root, group)).map((name) => join(group, name)))
  .concat("bench")
  .filter((dir) => existsSync(join(root, dir, "package.json")));
const tested = workspaces.filter(
  (dir) => JSON.parse(readFileSync(join(root, dir, "package.json"), "utf8")).scripts?.test,
);

// Reports go to a folder of this run (vitest.shared.ts reads TRELLIS_TEST_REPORT), never to a
// .test-report.json that a suite run by hand in the same working tree could overwrite meanwhile.
const reports = mkdtempSync(join(tmpdir(), "trellis-test-reports-"));
process.on("exit", () => rmSync(reports, { recursive: true, force: true }));

// Run pnpm the way we were started (npx pnpm@x puts no pnpm on PATH for grandchildren otherwise).
const pnpmEntry = process.env.npm_execpath;
const pnpmCommand = (args) =>
  pnpmEntry && /\.[cm]?js$/.test(pnpmEntry)
    ? [process.execPath, [pnpmEntry, ...args]]
    : ["pnpm", args];

/** Runs pnpm; `quiet` holds the output back and returns it, so a parallel step cannot interleave. */
function pnpm(args, options = {}) {
  const [command, argv] = pnpmCommand(args);
  return run(command, argv, options);
}

/** Runs a command to its end: its exit code, its output when `quiet`, and how long it took. */
function run(command, argv, { cwd = root, quiet = false, env = process.env } = {}) {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(command, argv, {
      cwd,
      env,
      stdio: quiet ? ["ignore", "pipe", "pipe"] : "inherit",
    });
    let output = "";
    child.stdout?.on("data", (chunk) => (output += chunk));
    child.stderr?.on("data", (chunk) => (output += chunk));
    child.on("error", (error) => (output += `${error.message}\n`));
    child.on("close", (code, signal) =>
      resolve({ code: code ?? 1, signal, output, seconds: (performance.now() - started) / 1000 }),
    );
  });
}

const took = (seconds) =>
  seconds < 60
    ? `${seconds.toFixed(1)} s`
    : `${Math.floor(seconds / 60)} m ${Math.round(seconds % 60)} s`;

let passed = 0;
let failed = 0;
const lines = [];
const started = performance.now();

// The engines the suites start as their own processes (Redis, Postgres, nginx, wrk), installed
// from Debian when missing. Without them the run fails here, loudly, instead of skipping tests.
{
  const engines = await run(process.execPath, [join(root, "scripts/ensure-engines.mjs")]);
  const ok = engines.code === 0;
  if (ok) passed += 1;
  else failed += 1;
  const line = `${ok ? "ok  " : "FAIL"} engines (${took(engines.seconds)})`;
  lines.push(line);
  console.log(line);
}

// Lint (which builds every package first: publint reads dist) and the one-program typecheck use
// one core each. Each counts as one check; a failure there fails the run.
console.log("\n> pnpm run lint  (typecheck runs beside it; its output follows)");
const [lint, typecheck] = await Promise.all([
  pnpm(["run", "lint"]),
  pnpm(["run", "typecheck"], { quiet: true }),
]);
console.log(`\n> pnpm run typecheck\n${typecheck.output}`);
for (const [name, result] of [
  ["lint", lint],
  ["typecheck", typecheck],
]) {
  const ok = result.code === 0;
  if (ok) passed += 1;
  else failed += 1;
  const line = `${ok ? "ok  " : "FAIL"} ${name} (${took(result.seconds)})`;
  lines.push(line);
  console.log(line);
}

// Two suites at a time (TRELLIS_TEST_CONCURRENCY to change): the suites that start servers and
// engines spend much of their time waiting on them, so a second suite uses the idle core. The
// longest suites start first; each suite's output is printed whole when it ends, never interleaved.
const concurrency = Math.max(1, Number(process.env.TRELLIS_TEST_CONCURRENCY) || 2);
const longestFirst = ["packages/testing", "apps/example", "packages/core"];
const queue = [...tested].sort(
  (a, b) => rank(a) - rank(b) || tested.indexOf(a) - tested.indexOf(b),
);
function rank(dir) {
  const index = longestFirst.indexOf(dir);
  return index < 0 ? longestFirst.length : index;
}
const suiteLines = new Map();

async function runSuite(dir) {
  const file = join(reports, `${dir.replaceAll("/", "-")}.json`);
  const env = { ...process.env, TRELLIS_TEST_REPORT: file };
  const result = await pnpm(["run", "test"], { cwd: join(root, dir), env, quiet: concurrency > 1 });
  if (concurrency > 1) console.log(`\n> ${dir}: pnpm run test\n${result.output}`);
  const time = `(${took(result.seconds)})`;
  if (!existsSync(file)) {
    failed += 1;
    suiteLines.set(dir, `FAIL ${dir}: no test report, the suite did not run to the end ${time}`);
    return;
  }
  const report = JSON.parse(readFileSync(file, "utf8"));
  // A file that failed with none of its tests failing broke outside a test (import, hook): one more.
  const brokenFiles = (report.testResults ?? []).filter(
    (file) =>
      file.status === "failed" &&
      !(file.assertionResults ?? []).some((test) => test.status === "failed"),
  ).length;
  let packageFailed = report.numFailedTests + brokenFiles;
  // vitest also exits non-zero on errors outside any test file (unhandled rejections, a crashed
  // worker); the report does not show those, so count the suite's exit as one failure.
  const exitedBadly = result.code !== 0 && packageFailed === 0;
  if (exitedBadly) packageFailed += 1;
  passed += report.numPassedTests;
  failed += packageFailed;
  suiteLines.set(
    dir,
    `${packageFailed ? "FAIL" : "ok  "} ${dir}: ${report.numPassedTests} passed, ${packageFailed} failed ${time}${exitedBadly ? `, exited with code ${result.code}` : ""}`,
  );
}

async function lane() {
  for (let dir = queue.shift(); dir !== undefined; dir = queue.shift()) {
    if (concurrency === 1) console.log(`\n> ${dir}: pnpm run test`);
    await runSuite(dir);
  }
}
await Promise.all(Array.from({ length: concurrency }, lane));
for (const dir of tested) lines.push(suiteLines.get(dir));

lines.push(`total ${took((performance.now() - started) / 1000)}`);
console.log(`\n${lines.join("\n")}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 && passed > 0 ? 0 : 1);
