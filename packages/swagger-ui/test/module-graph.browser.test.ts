import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createApp } from "@trellis/core";
import { jsonSchemaAdapter } from "@trellis/testing";
import { type BrowserContext, chromium } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureChromium } from "../src/test-helpers/ensure-chromium.js";
import { appFolderWithSwaggerUi, inFolder } from "../src/test-helpers/install-shim.js";
import { UsersModule } from "../src/test-helpers/modules-fixture.js";

describe("the module graph page in a real browser", () => {
  const folders: string[] = [];
  const requested: string[] = [];
  const pageErrors: string[] = [];
  let server: ReturnType<typeof Bun.serve>;
  let context: BrowserContext;
  let origin: string;

  beforeAll(async () => {
    const executablePath = ensureChromium();
    const appFolder = appFolderWithSwaggerUi();
    const profile = mkdtempSync(join(tmpdir(), "trellis-chromium-"));
    folders.push(appFolder, profile);
    const app = inFolder(appFolder, () =>
      createApp({ schema: jsonSchemaAdapter(), imports: [UsersModule], docs: { modules: true } }),
    );
    server = Bun.serve({ hostname: "127.0.0.1", port: 0, routes: app.routes, fetch: app.fetch });
    origin = new URL(server.url).origin;
    context = await chromium.launchPersistentContext(profile, {
      executablePath,
      headless: true,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    });
  }, 900_000);

  afterAll(async () => {
    await context?.close();
    await server?.stop(true);
    for (const folder of folders) rmSync(folder, { recursive: true, force: true });
  });

  it("draws every module and import as SVG, offline, under its CSP", async () => {
    const page = context.pages()[0] ?? (await context.newPage());
    page.on("request", (request) => requested.push(request.url()));
    page.on("pageerror", (error) => pageErrors.push(error.message));
    await page.goto(`${origin}/docs/modules`);
    await expect
      .poll(() => page.locator("body").getAttribute("data-rendered"), { timeout: 30_000 })
      .toBe("true");
    const nodes = await page.locator("#module-graph svg g.node title").allTextContents();
    expect(nodes.sort()).toEqual(["StoreModule", "UsersModule", "createApp"]);
    const edges = await page.locator("#module-graph svg g.edge title").allTextContents();
    expect(edges.sort()).toEqual(["UsersModule->StoreModule", "createApp->UsersModule"]);
    expect(await page.locator("#module-graph svg").textContent()).toContain(
      "controllers: UserController",
    );
    expect(pageErrors).toEqual([]);
    const elsewhere = requested.filter(
      (url) =>
        !url.startsWith("data:") && !url.startsWith("blob:") && new URL(url).origin !== origin,
    );
    expect(elsewhere).toEqual([]);
  }, 60_000);
});
