import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { type BrowserContext, chromium, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureChromium } from "../src/test-helpers/ensure-chromium.js";
import { appFolderWithSwaggerUi, inFolder } from "../src/test-helpers/install-shim.js";
import { itemsApp } from "../src/test-helpers/items-app.js";

const screenshotPath = resolve(import.meta.dirname, "..", "test-artifacts", "swagger-ui.png");
const chromiumArgs = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

describe("Swagger UI in a real browser", () => {
  const folders: string[] = [];
  const requested: string[] = [];
  const pageErrors: string[] = [];
  const consoleErrors: string[] = [];
  let app: ReturnType<typeof itemsApp>;
  let server: ReturnType<typeof Bun.serve>;
  let origin: string;
  let context: BrowserContext;
  let page: Page;
  let appFolder: string;

  beforeAll(async () => {
    const executablePath = ensureChromium();
    appFolder = appFolderWithSwaggerUi();
    const profile = mkdtempSync(join(tmpdir(), "trellis-chromium-"));
    folders.push(appFolder, profile);
    // The way users turn it on: createApp loads @trellis/swagger-ui from the app's folder.
    app = inFolder(appFolder, () => itemsApp({ swagger: true }));
    server = Bun.serve({ hostname: "127.0.0.1", port: 0, routes: app.routes, fetch: app.fetch });
    origin = new URL(server.url).origin;
    context = await chromium.launchPersistentContext(profile, {
      executablePath,
      headless: true,
      args: chromiumArgs,
      viewport: { width: 1280, height: 900 },
    });
    page = context.pages()[0] ?? (await context.newPage());
    page.on("request", (request) => requested.push(request.url()));
    page.on("pageerror", (error) => pageErrors.push(error.message));
    page.on("console", (message) => {
      if (message.type() === "error") consoleErrors.push(message.text());
    });
    await page.goto(`${origin}/docs`);
    // A fresh machine installs Chromium from Debian first (ensureChromium), which can take minutes.
  }, 900_000);

  afterAll(async () => {
    await context?.close();
    await server?.stop(true);
    for (const folder of folders) rmSync(folder, { recursive: true, force: true });
  });

  it("shows every operation of the document, grouped by tag", async () => {
    const expected: string[] = [];
    for (const [path, item] of Object.entries(app.document.paths)) {
      for (const method of Object.keys(item)) expected.push(`${method.toUpperCase()} ${path}`);
    }
    expect(expected).toHaveLength(4);
    await expect
      .poll(() => page.locator(".opblock").count(), { timeout: 20_000 })
      .toBe(expected.length);
    const shown = await page.locator(".opblock").evaluateAll((blocks) =>
      blocks.map((block) => {
        const method = block.querySelector(".opblock-summary-method")?.textContent ?? "";
        const path = block.querySelector(".opblock-summary-path")?.getAttribute("data-path") ?? "";
        return `${method.trim()} ${path}`;
      }),
    );
    expect(shown.sort()).toEqual(expected.sort());
    const tags = await page
      .locator(".opblock-tag")
      .evaluateAll((sections) => sections.map((section) => section.getAttribute("data-tag")));
    expect(tags.sort()).toEqual(["health", "items"]);
    // The document's title and the hidden route's absence, as the UI shows them.
    await expect.poll(() => page.locator(".info .title").textContent()).toContain("items");
    expect(await page.content()).not.toContain("/items/internal/stats");
  });

  it("runs Try it out on the POST and shows the 201", async () => {
    const operation = page.locator("#operations-items-createItem");
    await operation.locator(".opblock-summary").click();
    const tryItOut = operation.locator("button.try-out__btn", { hasText: "Try it out" });
    if (await tryItOut.isVisible()) await tryItOut.click();
    const body = operation.locator("textarea.body-param__text");
    await body.fill(JSON.stringify({ name: "Browser pen", quantity: 3 }));
    await operation.locator("button.execute").click();
    const status = operation.locator(".live-responses-table .response .response-col_status");
    await expect.poll(() => status.first().textContent(), { timeout: 15_000 }).toContain("201");
    const shownBody = await operation
      .locator(".live-responses-table .response .response-col_description")
      .first()
      .textContent();
    expect(shownBody).toContain("Browser pen");

    // The request really reached the app.
    const list = (await (await fetch(`${origin}/items`)).json()) as { name: string }[];
    expect(list.map((item) => item.name)).toContain("Browser pen");

    mkdirSync(resolve(screenshotPath, ".."), { recursive: true });
    await page.screenshot({ path: screenshotPath, fullPage: true });
  }, 60_000);

  it("renders an OpenAPI 3.2 document, its event stream response included", async () => {
    const app32 = inFolder(appFolder, () => itemsApp({ swagger: true }, "3.2"));
    expect(app32.document.openapi).toBe("3.2.0");
    const server32 = Bun.serve({
      hostname: "127.0.0.1",
      port: 0,
      routes: app32.routes,
      fetch: app32.fetch,
    });
    const origin32 = new URL(server32.url).origin;
    const tab = await context.newPage();
    const errors: string[] = [];
    tab.on("pageerror", (error) => errors.push(error.message));
    tab.on("console", (message) => {
      if (message.type() === "error") errors.push(message.text());
    });
    try {
      await tab.goto(`${origin32}/docs`);
      await expect.poll(() => tab.locator(".opblock").count(), { timeout: 20_000 }).toBe(5);
      await expect
        .poll(() => tab.locator(".info .version-stamp").textContent())
        .toContain("OAS 3.2");
      const stream = tab.locator("#operations-items-followItems");
      await stream.locator(".opblock-summary").click();
      await expect
        .poll(() => stream.textContent(), { timeout: 10_000 })
        .toContain("Item events, as they happen");
      expect(await stream.textContent()).toContain("text/event-stream");
      await tab.screenshot({ path: screenshotPath.replace(".png", "-3.2.png"), fullPage: true });
      expect(errors).toEqual([]);
    } finally {
      await tab.close();
      await server32.stop(true);
    }
  }, 60_000);

  it("made every request to the app's own server, without errors", () => {
    expect(requested.length).toBeGreaterThan(5);
    const network = requested.filter((url) => !url.startsWith("data:") && !url.startsWith("blob:"));
    const elsewhere = network.filter((url) => new URL(url).origin !== origin);
    expect(elsewhere).toEqual([]);
    const paths = network.map((url) => new URL(url).pathname);
    expect(paths).toContain("/docs/openapi.json");
    expect(paths).toContain("/docs/swagger-ui-bundle.js");
    expect(paths).toContain("/items");
    expect(pageErrors).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });
});
