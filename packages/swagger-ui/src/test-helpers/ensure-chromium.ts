import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

/** Where Debian's chromium package puts the browser. */
export const chromiumPath = "/usr/bin/chromium";

/**
 * Makes sure the Debian Chromium is installed, installing it with apt when it is not. A failure
 * throws with apt's output: the browser test must fail loudly, never skip.
 */
export function ensureChromium(): string {
  if (existsSync(chromiumPath)) return chromiumPath;
  const script =
    "apt-get update && apt-get install -y --no-install-recommends chromium fonts-liberation";
  const result = spawnSync("sh", ["-c", script], { encoding: "utf8", timeout: 600_000 });
  if (result.status !== 0 || !existsSync(chromiumPath)) {
    const output = `${result.stdout ?? ""}\n${result.stderr ?? ""}`.trim().slice(-4000);
    throw new Error(
      `Chromium is missing at ${chromiumPath} and "${script}" failed (status ${result.status}, ${result.error?.message ?? "no spawn error"}):\n${output}`,
    );
  }
  return chromiumPath;
}
