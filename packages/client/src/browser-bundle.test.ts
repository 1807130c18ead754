import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { afterAll, describe, expect, it } from "vitest";

const out = mkdtempSync(join(tmpdir(), "trellis-client-bundle-"));
afterAll(() => rmSync(out, { recursive: true, force: true }));

/** Bundles an entry for the browser (`bun build --target browser`): its code and its modules. */
function bundle(entry: string): { code: string; modules: string[] } {
  const dir = mkdtempSync(join(out, "build-"));
  // The tests run under Bun: process.execPath is the bun binary.
  const result = spawnSync(
    process.execPath,
    [
      "build",
      join(import.meta.dirname, "test-helpers", entry),
      "--target",
      "browser",
      "--minify",
      "--sourcemap=external",
      "--outdir",
      dir,
    ],
    { encoding: "utf8" },
  );
  expect(result.status, result.stderr).toBe(0);
  const name = entry.replace(/\.ts$/, ".js");
  const map = JSON.parse(readFileSync(join(dir, `${name}.map`), "utf8")) as { sources: string[] };
  return { code: readFileSync(join(dir, name), "utf8"), modules: map.sources };
}

const serverCode = /packages\/(core|adapter-[a-z-]+|swagger-ui)\/|node_modules\/|orders-app/;
// The client's one dependency: the event stream parser (no dependencies of its own).
const clientDependency = /node_modules\/(?:\.pnpm\/[^/]+\/node_modules\/)?eventsource-parser\//;
const isServerCode = (module: string) => serverCode.test(module) && !clientDependency.test(module);

describe("the browser bundle of a client", () => {
  it("holds only the client: no core, adapter, validation library or controller module", () => {
    const { code, modules } = bundle("browser-entry.ts");
    expect(modules.length).toBeGreaterThan(1);
    expect(modules.filter(isServerCode)).toEqual([]);
    expect(
      modules.every(
        (module) => /packages\/client\/src\//.test(module) || clientDependency.test(module),
      ),
    ).toBe(true);
    const gzipped = gzipSync(code).length;
    console.log(`browser bundle: ${code.length} bytes minified, ${gzipped} bytes gzipped`);
    // About 6 KiB of client and 3.5 KiB of eventsource-parser (Server-Sent Events).
    expect(code.length).toBeLessThan(12 * 1024);
    expect(gzipped).toBeLessThan(5 * 1024);
  });

  it("would catch a controller imported as a value", () => {
    const { modules } = bundle("leaky-entry.ts");
    expect(modules.filter(isServerCode).length).toBeGreaterThan(0);
  });
});
