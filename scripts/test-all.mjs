// The one test command (README, CI): lint, typecheck and every package's vitest suite,
// then a single closing line "N passed, N failed" summed over all suites.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";

const root = join(import.meta.dirname, "..");
const workspaces = ["packages", "apps"]
  .flatMap((group) => readdirSync(join(root, group)).map((name) => join(group, name)))
  .concat("bench")
  .filter((dir) => existsSync(join(root, dir, "package.json")));
const tested = workspaces.filter(
  (dir) => JSON.parse(readFileSync(join(root, dir, "package.json"), "utf8")).scripts?.test,
);

for (const dir of tested) rmSync(join(root, dir, ".test-report.json"), { force: true });

let passed = 0;
let failed = 0;
const lines = [];

// Run pnpm the way we were started (npx pnpm@x puts no pnpm on PATH for grandchildren otherwise).
const pnpmEntry = process.env.npm_execpath;
const pnpm = (args) =>
  pnpmEntry && /\.[cm]?js$/.test(pnpmEntry)
    ? spawnSync(process.execPath, [pnpmEntry, ...args], { cwd: root, stdio: "inherit" })
    : spawnSync("pnpm", args, { cwd: root, stdio: "inherit" });

function step(name, args) {
  console.log(`\n> pnpm ${args.join(" ")}`);
  const result = pnpm(args);
  const ok = result.status === 0;
  lines.push(`${ok ? "ok  " : "FAIL"} ${name}`);
  return ok;
}

// Lint and typecheck count as one check each; a failure there fails the run.
for (const [name, script] of [
  ["lint", "lint"],
  ["typecheck", "typecheck"],
]) {
  if (step(name, ["run", script])) passed += 1;
  else failed += 1;
}

step("tests", ["exec", "turbo", "run", "test", "--continue", "--concurrency=1"]);

for (const dir of tested) {
  const file = join(root, dir, ".test-report.json");
  if (!existsSync(file)) {
    failed += 1;
    lines.push(`FAIL ${dir}: no test report (the suite did not run to the end)`);
    continue;
  }
  const report = JSON.parse(readFileSync(file, "utf8"));
  const suiteFailures = (report.testResults ?? []).filter(
    (file) => file.status === "failed" && (file.assertionResults ?? []).length === 0,
  ).length;
  passed += report.numPassedTests;
  failed += report.numFailedTests + suiteFailures;
  lines.push(
    `${report.numFailedTests + suiteFailures ? "FAIL" : "ok  "} ${dir}: ${report.numPassedTests} passed, ${report.numFailedTests + suiteFailures} failed`,
  );
}

console.log(`\n${lines.join("\n")}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 && passed > 0 ? 0 : 1);
