import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TrellisConfigError } from "../errors/trellis-config-error.js";
import type { DocsPlugin } from "./docs-plugin.js";
import { inStandaloneExecutable, loadSwaggerUi } from "./load-swagger-ui.js";
import { resolveDocsPlugin } from "./resolve-docs-plugin.js";

const plugin = (name: string): DocsPlugin => ({ name, routes: () => ({}) });

// A stand-in for @trellis/swagger-ui that records what its factory was called with.
function fakeModule() {
  const calls: unknown[][] = [];
  return {
    calls,
    module: {
      swaggerUi: (...args: unknown[]) => {
        calls.push(args);
        return plugin("fake-swagger-ui");
      },
    },
  };
}

const neverLoad = () => {
  throw new Error("the loader must not run");
};

function catchError(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error("expected a throw");
}

/**
 * Runs `resolveDocsPlugin({ swagger: true })` in a fresh Bun process in `cwd` and returns what it
 * threw. pnpm's bin shims put every workspace package on NODE_PATH, which would make
 * `@trellis/swagger-ui` visible from anywhere, so the child gets an environment without it, as an
 * app that never installed the package has.
 */
function resolveInFreshProcess(cwd: string): {
  threw: boolean;
  name?: string;
  code?: string;
  message?: string;
} {
  const modulePath = resolve(import.meta.dirname, "resolve-docs-plugin.ts");
  const script = `
    const { resolveDocsPlugin } = await import(${JSON.stringify(modulePath)});
    try {
      resolveDocsPlugin({ swagger: true });
      console.log(JSON.stringify({ threw: false }));
    } catch (error) {
      console.log(JSON.stringify({ threw: true, name: error.name, code: error.code, message: error.message }));
    }`;
  const env = { ...process.env };
  delete env.NODE_PATH;
  const result = spawnSync(process.execPath, ["-e", script], {
    cwd,
    env,
    encoding: "utf8",
    timeout: 30_000,
  });
  if (result.status !== 0)
    throw new Error(`child process failed (${result.status}): ${result.stderr}`);
  return JSON.parse(result.stdout.trim().split("\n").at(-1) ?? "{}");
}

describe("resolveDocsPlugin", () => {
  it("is undefined when docs are off or absent, without loading anything", () => {
    expect(resolveDocsPlugin(undefined, neverLoad)).toBeUndefined();
    expect(resolveDocsPlugin({}, neverLoad)).toBeUndefined();
    expect(resolveDocsPlugin({ swagger: false }, neverLoad)).toBeUndefined();
  });

  it("uses a plugin given as docs.swagger as it is", () => {
    const given = plugin("custom");
    expect(resolveDocsPlugin({ swagger: given }, neverLoad)).toBe(given);
  });

  it("calls swaggerUi() with no options for true", () => {
    const fake = fakeModule();
    const resolved = resolveDocsPlugin({ swagger: true }, () => fake.module);
    expect(resolved?.name).toBe("fake-swagger-ui");
    expect(fake.calls).toEqual([[]]);
  });

  it("passes inline settings to swaggerUi() unchanged", () => {
    const fake = fakeModule();
    const settings = { path: "/reference", docExpansion: "none", uiConfig: { filter: true } };
    resolveDocsPlugin({ swagger: settings }, () => fake.module);
    expect(fake.calls).toHaveLength(1);
    expect(fake.calls[0]?.[0]).toBe(settings);
  });

  it("refuses a docs.swagger value of the wrong kind", () => {
    const wrong = { swagger: "yes" } as unknown as Parameters<typeof resolveDocsPlugin>[0];
    expect(() => resolveDocsPlugin(wrong, neverLoad)).toThrow(TypeError);
    const array = { swagger: [] } as unknown as Parameters<typeof resolveDocsPlugin>[0];
    expect(() => resolveDocsPlugin(array, neverLoad)).toThrow(/docs\.swagger must be/);
  });

  it("refuses a module without swaggerUi() or whose swaggerUi() returns no plugin", () => {
    const noFactory = catchError(() => resolveDocsPlugin({ swagger: true }, () => ({})));
    expect((noFactory as TrellisConfigError).code).toBe("DOCS_PLUGIN_MISSING");
    expect((noFactory as Error).message).toMatch(
      /does not export swaggerUi\(\).*bun add @trellis\/swagger-ui/,
    );
    const badPlugin = catchError(() =>
      resolveDocsPlugin({ swagger: {} }, () => ({ swaggerUi: () => ({}) })),
    );
    expect((badPlugin as TrellisConfigError).code).toBe("DOCS_PLUGIN_MISSING");
  });

  it("lets an options mistake reported by swaggerUi() through", () => {
    const strict = {
      swaggerUi: () => {
        throw new TypeError(
          '@trellis/swagger-ui: option "docExpansion" must be "list", "full" or "none".',
        );
      },
    };
    expect(() => resolveDocsPlugin({ swagger: { docExpansion: "open" } }, () => strict)).toThrow(
      /docExpansion/,
    );
  });
});

describe("loadSwaggerUi", () => {
  let root: string;
  const app = (name: string) => join(root, name, "package.json");

  // Installs a tiny ESM package named @trellis/swagger-ui into `<root>/<dir>/node_modules`.
  function install(dir: string, source: string) {
    const folder = join(root, dir, "node_modules", "@trellis", "swagger-ui");
    mkdirSync(folder, { recursive: true });
    writeFileSync(
      join(folder, "package.json"),
      JSON.stringify({
        name: "@trellis/swagger-ui",
        type: "module",
        exports: { ".": "./index.js" },
      }),
    );
    writeFileSync(join(folder, "index.js"), source);
  }

  beforeAll(() => {
    root = mkdtempSync(join(tmpdir(), "trellis-docs-"));
    mkdirSync(join(root, "empty"));
    install("first", 'export const swaggerUi = () => ({ name: "first", routes: () => ({}) });\n');
    install("second", 'export const swaggerUi = () => ({ name: "second", routes: () => ({}) });\n');
    install("broken", 'throw new Error("boom at load");\n');
  });

  afterAll(() => {
    rmSync(root, { recursive: true, force: true });
  });

  it("loads an ESM package synchronously from the first place that has it", () => {
    const second = loadSwaggerUi([app("second"), app("first")]) as { swaggerUi: () => DocsPlugin };
    expect(second.swaggerUi().name).toBe("second");
    const plugin = resolveDocsPlugin({ swagger: true }, () =>
      loadSwaggerUi([app("first"), app("second")]),
    );
    expect(plugin?.name).toBe("first");
  });

  it("looks in the working directory before core's own location", () => {
    const previous = process.cwd();
    process.chdir(join(root, "first"));
    try {
      expect(resolveDocsPlugin({ swagger: true })?.name).toBe("first");
    } finally {
      process.chdir(previous);
    }
  });

  it("reports a package that is installed but fails to load", () => {
    const error = catchError(() => loadSwaggerUi([app("broken"), app("first")]));
    expect((error as TrellisConfigError).code).toBe("DOCS_PLUGIN_MISSING");
    expect((error as Error).message).toMatch(
      /could not be loaded \(boom at load\).*bun add @trellis\/swagger-ui/,
    );
  });

  it("fails at startup, naming the package and the install command, when it is not installed", () => {
    const outcome = resolveInFreshProcess(join(root, "empty"));
    expect(outcome).toEqual({
      threw: true,
      name: "TrellisConfigError",
      code: "DOCS_PLUGIN_MISSING",
      message:
        "[DOCS_PLUGIN_MISSING] docs.swagger is enabled but the package @trellis/swagger-ui is not installed. Install it with `bun add @trellis/swagger-ui`, or pass a docs plugin as docs.swagger, or leave docs.swagger off.",
    });
  });

  it("names the embed import, not an install, in a single-file executable", () => {
    // Nowhere to look (in-process, NODE_PATH would show the package from anywhere).
    const error = catchError(() => loadSwaggerUi([], "docs.swagger", true));
    expect((error as TrellisConfigError).code).toBe("DOCS_PLUGIN_MISSING");
    expect((error as Error).message).toContain('import "@trellis/swagger-ui/embed";');
    expect((error as Error).message).not.toContain("bun add");
    expect(inStandaloneExecutable()).toBe(false);
    expect(inStandaloneExecutable("file:///$bunfs/root/my-api")).toBe(true);
  });

  it("finds the package installed in the working directory from a fresh process too", () => {
    expect(resolveInFreshProcess(join(root, "first"))).toEqual({ threw: false });
  });
});
