import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";

// Each case runs a real Bun process in a folder whose tsconfig.json is the user's: Bun reads the
// decorator settings from there, as it does for an app.
const coreIndex = join(import.meta.dirname, "..", "index.ts");
const scratch = mkdtempSync(join(tmpdir(), "trellis-decorator-mode-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const allFlags = {
  experimentalDecorators: true,
  emitDecoratorMetadata: true,
  useDefineForClassFields: false,
};

const app = (controller: string) => `
import { Controller, createApp, Get, Param, Route } from ${JSON.stringify(coreIndex)};
const adapter = {
  name: "none",
  isSchema: () => false,
  compile: () => (value: unknown) => ({ ok: true, value }),
  toJsonSchema: () => ({}),
};
try {
  ${controller}
  const app = createApp({ schema: adapter, controllers: [ItemController] });
  console.log(JSON.stringify({ routes: Object.keys(app.routes) }));
} catch (error) {
  console.log(JSON.stringify({ code: (error as { code?: string }).code, message: String((error as Error).message) }));
}
`;

const routed = `
  @Route("/items")
  class ItemController extends Controller {
    @Get("/:id") get(@Param("id") id: string) { return { id }; }
  }`;

function run(
  compilerOptions: Record<string, unknown>,
  source: string,
): { code?: string; message?: string; routes?: string[] } {
  const dir = mkdtempSync(join(scratch, "app-"));
  writeFileSync(join(dir, "tsconfig.json"), JSON.stringify({ compilerOptions }));
  writeFileSync(join(dir, "main.ts"), source);
  const result = spawnSync(process.execPath, ["main.ts"], {
    cwd: dir,
    encoding: "utf8",
    env: { ...process.env, NODE_PATH: "" },
  });
  const line = result.stdout.trim().split("\n").at(-1) ?? "";
  expect(line, result.stderr).toMatch(/^\{/);
  return JSON.parse(line);
}

describe("decorators used without the tsconfig settings they need", { timeout: 30_000 }, () => {
  it("serve the routes when every flag is set", () => {
    expect(run(allFlags, app(routed))).toEqual({ routes: ["/items/:id", "/*"] });
  });

  it("fail with DECORATORS_NOT_ENABLED, naming the class and the flags, when called the TC39 way", () => {
    const result = run({}, app(routed));
    expect(result.code).toBe("DECORATORS_NOT_ENABLED");
    expect(result.message).toContain("ItemController");
    expect(result.message).toContain("@Get on get");
    for (const flag of [
      "experimentalDecorators",
      "emitDecoratorMetadata",
      "useDefineForClassFields",
    ]) {
      expect(result.message).toContain(flag);
    }
  });

  it("fail with DECORATORS_NOT_ENABLED from createApp when no class decorator reported it", () => {
    const result = run(
      {},
      app(`
  class ItemController extends Controller {
    @Get("/x") get() { return 1; }
  }`),
    );
    expect(result.code).toBe("DECORATORS_NOT_ENABLED");
    expect(result.message).toContain("@Get on get");
    expect(result.message).toContain("experimentalDecorators");
  });

  it("fail with DECORATOR_METADATA_MISSING when a binding needs the reflected type", () => {
    const result = run({ experimentalDecorators: true }, app(routed));
    expect(result.code).toBe("DECORATOR_METADATA_MISSING");
    expect(result.message).toContain("ItemController.get");
    expect(result.message).toContain("emitDecoratorMetadata");
  });

  it("fail with CONTROLLER_WITHOUT_ROUTES for a controller with no route, naming the flags", () => {
    const result = run(
      allFlags,
      app(`
  @Route("/items")
  class ItemController extends Controller {
    get() { return 1; }
  }`),
    );
    expect(result.code).toBe("CONTROLLER_WITHOUT_ROUTES");
    expect(result.message).toContain("ItemController");
    expect(result.message).toContain("experimentalDecorators");
  });
});
