// Type-checks one generated consumer with `--extendedDiagnostics` and reads the figures: the
// instantiation count (deterministic: the budget's test uses it) and check time (for the report
// only). TypeScript 5.9 runs as tsc.js under the current runtime; the native compiler (tsgo, from
// @typescript/native-preview) is passed in as a command.
import { spawnSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/** bench/, where the consumers resolve zod, hono and @hono/zod-validator from. */
export const benchDir = join(import.meta.dirname, "..");
const repo = join(benchDir, "..");

/** TypeScript 5.9's compiler, run with the current runtime. */
export const TSC_59 = [process.execPath, join(repo, "node_modules", "typescript", "lib", "tsc.js")];

/** The figures of one check. */
export interface CheckFigures {
  instantiations: number;
  types: number;
  /** Seconds, as the compiler reports them (machine-dependent: report only). */
  checkTime: number;
  totalTime: number;
  /** Error lines the compiler printed (a consumer must compile cleanly). */
  errors: string[];
}

/**
 * The compiler options of every consumer: the repository's base options (decorators,
 * skipLibCheck), and the packages as a user installs them: their built declarations (`dist/`, made
 * by the build before the tests run), found from bench/ like any dependency. @trellis/client is no
 * dependency of bench/, so a path points at its declarations.
 */
function tsconfig(dir: string): string {
  return JSON.stringify(
    {
      extends: join(repo, "tsconfig.base.json"),
      compilerOptions: {
        noEmit: true,
        declaration: false,
        declarationMap: false,
        sourceMap: false,
        paths: { "@trellis/client": [join(repo, "packages", "client", "dist", "index.d.ts")] },
      },
      files: [join(dir, "consumer.ts")],
    },
    null,
    2,
  );
}

/** Writes `source` as a consumer in `dir` (created) with its tsconfig.json. */
export function writeConsumer(dir: string, source: string): void {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, "consumer.ts"), source);
  writeFileSync(join(dir, "tsconfig.json"), tsconfig(dir));
}

const figure = (output: string, label: string): number => {
  const match = new RegExp(`^${label}:\\s+([\\d.]+)`, "m").exec(output);
  if (!match) throw new Error(`no "${label}" in the compiler's output:\n${output.slice(-2000)}`);
  return Number(match[1]);
};

/** Parses `--extendedDiagnostics` output (tsc 5.9 and tsgo print the same labels). */
export function parseDiagnostics(output: string): CheckFigures {
  return {
    instantiations: figure(output, "Instantiations"),
    types: figure(output, "Types"),
    checkTime: figure(output, "Check time"),
    totalTime: figure(output, "Total time"),
    errors: output.split("\n").filter((line) => /error TS\d+/.test(line)),
  };
}

/** Runs `compiler` (argv) on the consumer in `dir`. */
export function typeCheck(compiler: readonly string[], dir: string): CheckFigures {
  const [command, ...args] = compiler;
  const result = spawnSync(
    command!,
    [...args, "-p", join(dir, "tsconfig.json"), "--extendedDiagnostics"],
    { cwd: dir, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 },
  );
  return parseDiagnostics(`${result.stdout}\n${result.stderr}`);
}
