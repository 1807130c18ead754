// Swagger UI's version picker for an app with API versions, in a real Chromium: the top bar lists
// each version's document, opens on the default one, and switching shows the other's operations.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Controller, createApp, Get, Returns, Route, Summary, Version } from "@trellis/core";
import { jsonSchemaAdapter } from "@trellis/testing";
import { type BrowserContext, chromium, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { swaggerUi } from "../src/swagger-ui.js";
import { ensureChromium } from "../src/test-helpers/ensure-chromium.js";

@Route("/items")
@Version("1")
class ItemsV1 extends Controller {
  @Get()
  @Summary("List items")
  @Returns(200, undefined, "Items")
  list() {}
}

@Route("/items")
@Version("2")
class ItemsV2 extends Controller {
  @Get()
  @Summary("List items, paged")
  @Returns(200, undefined, "A page of items")
  list() {}

  @Get("/count")
  @Summary("Count items")
  @Returns(200, undefined, "How many")
  count() {}
}

describe("the version picker in a real browser", () => {
  let server: ReturnType<typeof Bun.serve>;
  let context: BrowserContext;
  let page: Page;
  let profile: string;

  beforeAll(async () => {
    const app = createApp({
      schema: jsonSchemaAdapter(),
      controllers: [ItemsV1, ItemsV2],
      docs: { swagger: swaggerUi() },
      openapi: { undeclaredResponses: "off" },
    });
    server = Bun.serve({ hostname: "127.0.0.1", port: 0, routes: app.routes, fetch: app.fetch });
    profile = mkdtempSync(join(tmpdir(), "trellis-chromium-"));
    context = await chromium.launchPersistentContext(profile, {
      executablePath: ensureChromium(),
      headless: true,
      args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run"],
    });
    page = context.pages()[0] ?? (await context.newPage());
    await page.goto(`${new URL(server.url).origin}/docs`);
  }, 900_000);

  afterAll(async () => {
    await context?.close();
    await server?.stop(true);
    rmSync(profile, { recursive: true, force: true });
  });

  const paths = () =>
    page
      .locator(".opblock-summary-path")
      .evaluateAll((nodes) => nodes.map((node) => node.getAttribute("data-path")));

  it("opens on the default version and lists every version", async () => {
    const picker = page.locator(".topbar select");
    await expect.poll(() => picker.count(), { timeout: 20_000 }).toBe(1);
    expect(await picker.locator("option").allTextContents()).toEqual(["v1", "v2"]);
    await expect.poll(paths, { timeout: 20_000 }).toEqual(["/v1/items"]);
  }, 30_000);

  it("shows the other version's operations once picked", async () => {
    await page.locator(".topbar select").selectOption({ label: "v2" });
    await expect
      .poll(async () => (await paths()).sort(), { timeout: 20_000 })
      .toEqual(["/v2/items", "/v2/items/count"]);
  }, 30_000);
});
