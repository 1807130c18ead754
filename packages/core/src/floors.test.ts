import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";

// The rule `pnpm lint` enforces (.dependency-cruiser.cjs), tried on a small tree that breaks it.
const packageRoot = join(import.meta.dirname, "..");
const depcruise = join(packageRoot, "node_modules/.bin/depcruise");
const config = join(packageRoot, ".dependency-cruiser.cjs");
const scratch = mkdtempSync(join(tmpdir(), "trellis-floors-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function cruise(files: Record<string, string>): { status: number | null; output: string } {
  const root = mkdtempSync(join(scratch, "tree-"));
  writeFileSync(join(root, "tsconfig.json"), JSON.stringify({ compilerOptions: {} }));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  const result = spawnSync(depcruise, ["src", "--config", config], { cwd: root, encoding: "utf8" });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

describe("the floors of core", { timeout: 20_000 }, () => {
  it("allow imports to the same or a lower floor", () => {
    const result = cruise({
      "src/http/vocabulary.ts": "export type Method = string;\n",
      "src/app/create-app.ts":
        'import type { Method } from "../http/vocabulary.js";\nexport const m: Method = "GET";\n',
    });
    expect(result.output).toContain("no dependency violations");
    expect(result.status).toBe(0);
  });

  it("fail on an import that points up, type-only ones included", () => {
    const result = cruise({
      "src/app/app-options.ts": "export type Options = object;\n",
      "src/pipeline/route-pipeline.ts":
        'import type { Options } from "../app/app-options.js";\nexport const o: Options = {};\n',
    });
    expect(result.status).not.toBe(0);
    expect(result.output).toContain("no-upward-from-pipeline");
  });

  it("fail on a cycle inside one floor", () => {
    const result = cruise({
      "src/route/a.ts": 'import { b } from "./b.js";\nexport const a = () => b;\n',
      "src/route/b.ts": 'import { a } from "./a.js";\nexport const b = () => a;\n',
    });
    expect(result.status).not.toBe(0);
    expect(result.output).toContain("no-circular");
  });

  it("fail on a folder that has no floor", () => {
    const result = cruise({
      "src/http/vocabulary.ts": "export const x = 1;\n",
      "src/misc/helper.ts": 'import { x } from "../http/vocabulary.js";\nexport const y = x;\n',
    });
    expect(result.status).not.toBe(0);
    expect(result.output).toContain("every-folder-has-a-floor");
  });
});
