// The machine and the versions a run used, for the report header.
import { execFileSync, spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { availableParallelism, release } from "node:os";
import { join } from "node:path";
import { benchDir } from "./server-process.js";

/** Where and with what a run happened. */
export interface Environment {
  date: string;
  nproc: number;
  cpuModel: string;
  kernel: string;
  bun: string;
  wrk: string;
  versions: { name: string; version: string }[];
}

/** Packages whose versions the report lists (as resolved from bench/). */
const PACKAGES = [
  "@trellis/core",
  "@trellis/adapter-typebox",
  "@trellis/adapter-zod",
  "@trellis/adapter-valibot",
  "@trellis/adapter-class-validator",
  "elysia",
  "hono",
  "@hono/zod-validator",
  "bun-openapi",
  "@sinclair/typebox",
  "zod",
  "valibot",
  "@valibot/to-json-schema",
  "class-validator",
  "class-transformer",
  "class-validator-jsonschema",
  "reflect-metadata",
];

function packageVersion(name: string): string {
  try {
    const file = join(benchDir, "node_modules", name, "package.json");
    return (JSON.parse(readFileSync(file, "utf8")) as { version?: string }).version ?? "?";
  } catch {
    return "not installed";
  }
}

function cpuModel(): string {
  try {
    const info = readFileSync("/proc/cpuinfo", "utf8");
    return /^model name\s*:\s*(.+)$/m.exec(info)?.[1]?.trim() ?? "unknown";
  } catch {
    return "unknown";
  }
}

function nproc(): number {
  try {
    return Number(execFileSync("nproc", { encoding: "utf8" }).trim());
  } catch {
    return availableParallelism();
  }
}

function wrkVersion(): string {
  // wrk prints its banner and usage on -v and exits 1.
  const result = spawnSync("wrk", ["-v"], { encoding: "utf8" });
  return /^wrk (\S+)/m.exec(`${result.stdout}${result.stderr}`)?.[1] ?? "?";
}

/** Collects the environment of this run. */
export function describeEnvironment(): Environment {
  return {
    date: new Date().toISOString(),
    nproc: nproc(),
    cpuModel: cpuModel(),
    kernel: release(),
    bun: Bun.version,
    wrk: wrkVersion(),
    versions: PACKAGES.map((name) => ({ name, version: packageVersion(name) })),
  };
}

/** Throws with an install hint when wrk or taskset is missing. */
export function checkTools(): void {
  for (const [tool, hint] of [
    ["wrk", "apt-get update && apt-get install -y wrk"],
    ["taskset", "apt-get install -y util-linux"],
  ] as const) {
    if (Bun.which(tool) === null) throw new Error(`${tool} not found; install it: ${hint}`);
  }
}
