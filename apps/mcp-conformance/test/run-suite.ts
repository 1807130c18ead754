import { spawn } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";

const require = createRequire(import.meta.url);
const cli = join(
  dirname(require.resolve("@modelcontextprotocol/conformance/package.json")),
  "dist",
  "index.js",
);

/** What one run of the suite gave: its exit code, what it printed, each scenario's check statuses. */
export interface SuiteRun {
  readonly code: number | null;
  readonly printed: string;
  readonly checks: ReadonlyMap<string, readonly { id: string; status: string }[]>;
}

/**
 * Runs the official suite's server scenarios of one requirement set against `endpoint`, with the
 * baseline of expected failures, as a child process (this process answers it). Under Bun
 * (`process.execPath`): the suite needs `fs.globSync`, which Node 20 lacks. Killed after
 * `seconds`, so a server that hangs a scenario fails the test instead of stalling it.
 */
export function runSuite(
  endpoint: string,
  requirements: string,
  baseline: string,
  seconds: number,
): Promise<SuiteRun> {
  const output = mkdtempSync(join(tmpdir(), `trellis-conformance-${requirements}-`));
  const args = [cli, "server", "--url", endpoint, "--requirements", requirements];
  args.push("--expected-failures", baseline, "-o", output);
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { cwd: output, stdio: ["ignore", "pipe", "pipe"] });
    let printed = "";
    child.stdout.on("data", (chunk) => {
      printed += chunk;
    });
    child.stderr.on("data", (chunk) => {
      printed += chunk;
    });
    const timer = setTimeout(() => child.kill("SIGKILL"), seconds * 1000);
    child.on("exit", (code) => {
      clearTimeout(timer);
      const checks = new Map<string, { id: string; status: string }[]>();
      for (const folder of readdirSync(output)) {
        const scenario = folder.replace(/^server-/, "").replace(/-\d{4}-\d\d-\d\dT.*$/, "");
        const file = join(output, folder, "checks.json");
        try {
          checks.set(scenario, JSON.parse(readFileSync(file, "utf8")));
        } catch {
          checks.set(scenario, []);
        }
      }
      resolve({ code, printed, checks });
    });
  });
}
