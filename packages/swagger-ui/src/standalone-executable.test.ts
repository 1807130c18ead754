// A single-file executable (`bun build --compile`) whose entry does not import
// `@trellis/swagger-ui/embed`: both ways of turning Swagger UI on must fail at startup naming that
// import, not advising an install that a binary without node_modules cannot use.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { inStandaloneExecutable } from "./standalone-executable.js";

const coreEntry = join(import.meta.dirname, "..", "..", "core", "src", "index.ts");
const packageEntry = join(import.meta.dirname, "index.ts");
// Outside the repository: no node_modules anywhere above the binary.
const folder = mkdtempSync(join(tmpdir(), "trellis-no-embed-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const entry = `
import { createApp, Get, Route } from ${JSON.stringify(coreEntry)};
import { swaggerUi } from ${JSON.stringify(packageEntry)};

// One route, decorated by hand (a plain .js entry has no decorator syntax).
class Health {
  live() {
    return "ok";
  }
}
Get()(Health.prototype, "live", Object.getOwnPropertyDescriptor(Health.prototype, "live"));
Route("/health")(Health);

const schema = {
  name: "none",
  isSchema: () => false,
  compile: () => () => ({ ok: true, value: undefined }),
  toJsonSchema: () => ({}),
};
const attempt = (docs) => {
  try {
    createApp({ schema, controllers: [Health], docs: docs() });
    return "started";
  } catch (error) {
    return error.message;
  }
};
console.log(JSON.stringify({
  byName: attempt(() => ({ swagger: true })),
  plugin: attempt(() => ({ swagger: swaggerUi() })),
}));
`;

describe("a single-file executable without @trellis/swagger-ui/embed", () => {
  it("fails at startup naming the embed import, for docs.swagger true and for swaggerUi()", () => {
    writeFileSync(join(folder, "entry.js"), entry);
    const binary = join(folder, "no-embed");
    const build = spawnSync(
      process.execPath,
      ["build", "--compile", join(folder, "entry.js"), "--outfile", binary],
      { cwd: folder, encoding: "utf8" },
    );
    expect(build.status, `${build.stdout}${build.stderr}`).toBe(0);
    // Only PATH: a test runner's NODE_PATH and the like would let the binary find node_modules.
    const run = spawnSync(binary, [], {
      cwd: folder,
      encoding: "utf8",
      env: { PATH: process.env.PATH ?? "" },
    });
    expect(run.status, run.stderr).toBe(0);
    const outcome = JSON.parse(run.stdout.trim()) as { byName: string; plugin: string };
    const embed = 'import "@trellis/swagger-ui/embed";';
    expect(outcome.byName).toContain("[DOCS_PLUGIN_MISSING]");
    expect(outcome.byName).toContain(embed);
    expect(outcome.byName).not.toContain("bun add");
    expect(outcome.plugin).toContain(embed);
    expect(outcome.plugin).not.toContain("reinstall");
  }, 300_000);

  it("is told apart from a plain run by Bun, or by a module URL inside the binary", () => {
    expect(inStandaloneExecutable()).toBe(false);
    expect(inStandaloneExecutable("file:///$bunfs/root/my-api")).toBe(true);
    expect(inStandaloneExecutable("file:///B:/~BUN/root/my-api.exe")).toBe(true);
    expect(inStandaloneExecutable("file:///srv/app/node_modules/@trellis/core/dist/x.js")).toBe(
      false,
    );
  });
});
