// `Infer` in a program that loads no adapter's types (a second tsconfig, say a front end's, that
// never imports the adapter package): compiles type-fixtures/infer-without-adapter with tsc and
// reads its errors. That fixture sits outside src/ and test/, so no other program includes it.
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const packageDir = join(import.meta.dirname, "..", "..");
const fixtureDir = join(packageDir, "type-fixtures", "infer-without-adapter");
const tsc = join(packageDir, "..", "..", "node_modules", "typescript", "lib", "tsc.js");
const fix =
  'Infer: no adapter types are loaded; import your adapter package (e.g. "@trellis/adapter-zod") in this tsconfig';

/** The 1-based numbers of the fixture's lines marked `// fails`. */
function markedLines(): number[] {
  const lines = readFileSync(join(fixtureDir, "user-controller.ts"), "utf8").split("\n");
  return lines.flatMap((line, index) => (line.includes("// fails") ? [index + 1] : []));
}

describe("Infer without any adapter's types", () => {
  it("is an error type that names the fix, and keeps the checks on", () => {
    const run = spawnSync(
      process.execPath,
      [tsc, "-p", join(fixtureDir, "tsconfig.json"), "--pretty", "false"],
      { cwd: packageDir, encoding: "utf8" },
    );
    // Each error starts a line with `file(line,column): error`; its details follow, indented.
    const errors = run.stdout.split(/\n(?=\S)/).filter((text) => text.includes("): error TS"));
    const failedLines = errors.map((text) => Number(/\((\d+),\d+\): error/.exec(text)?.[1]));

    expect(markedLines()).toHaveLength(4);
    expect(failedLines).toEqual(markedLines());
    for (const error of errors) expect(error).toContain(fix);
    expect(run.status).toBe(2);
  }, 300_000);
});
