import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { freePort, type RunningOidcProvider, startOidcProvider } from "@trellis/testing/engines";
import { type BrowserContext, chromium, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureChromium } from "../src/test-helpers/ensure-chromium.js";
import { protectedApp } from "../src/test-helpers/protected-app.js";

const screenshotPath = resolve(import.meta.dirname, "..", "test-artifacts", "swagger-ui-oauth.png");
const chromiumArgs = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
const audience = "https://orders.test";
// The provider's default resource is another API: only the `resource` Swagger UI sends makes the
// code flow issue a token for this one.
const otherApi = "https://other.test";
const clientId = "swagger-ui";
const login = "ada";

describe("Swagger UI's Authorize: authorization code with PKCE against oidc-provider", () => {
  const folders: string[] = [];
  const docsRequests: string[] = [];
  const refused: string[] = [];
  const pageErrors: string[] = [];
  let idp: RunningOidcProvider;
  let server: ReturnType<typeof Bun.serve>;
  let origin: string;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    const executablePath = ensureChromium();
    // The redirect URI is registered at the provider before the app exists: pick its port first.
    const port = await freePort();
    origin = `http://127.0.0.1:${port}`;
    idp = await startOidcProvider({
      resources: { [otherApi]: "other:read", [audience]: "orders:read" },
      publicClients: { [clientId]: [`${origin}/docs/oauth2-redirect.html`] },
    });
    const app = protectedApp({
      issuer: idp.issuer,
      authorizationUrl: idp.authorizationUrl,
      tokenUrl: idp.tokenUrl,
      audience,
      oauth: { clientId, scopes: ["orders:read"], resource: audience },
    });
    server = Bun.serve({ hostname: "127.0.0.1", port, routes: app.routes, fetch: app.fetch });
    const profile = mkdtempSync(join(tmpdir(), "trellis-chromium-"));
    folders.push(profile);
    context = await chromium.launchPersistentContext(profile, {
      executablePath,
      headless: true,
      args: chromiumArgs,
      viewport: { width: 1280, height: 900 },
    });
    context.setDefaultTimeout(15_000);
    // Only loopback: anything else is refused and recorded (the provider's development login
    // page imports a web font; Swagger UI itself must ask for nothing off this machine).
    await context.route("**/*", async (route) => {
      const url = new URL(route.request().url());
      if (url.hostname === "127.0.0.1") return route.continue();
      refused.push(`${route.request().frame().url()} -> ${url.href}`);
      return route.abort();
    });
    page = context.pages()[0] ?? (await context.newPage());
    page.on("request", (request) => docsRequests.push(request.url()));
    page.on("pageerror", (error) => pageErrors.push(error.message));
    await page.goto(`${origin}/docs`);
  }, 900_000);

  afterAll(async () => {
    await context?.close();
    await server?.stop(true);
    await idp?.stop();
    for (const folder of folders) rmSync(folder, { recursive: true, force: true });
  });

  const operation = () => page.locator("#operations-orders-readOrders");
  // Runs Execute; answers the status the app gave, once Swagger UI shows the same one.
  const execute = async () => {
    const answer = page.waitForResponse((response) => response.url() === `${origin}/orders`, {
      timeout: 10_000,
    });
    await operation().locator("button.execute").click();
    const status = (await answer).status();
    const shown = operation().locator(".live-responses-table .response .response-col_status");
    await expect
      .poll(() => shown.first().textContent(), { timeout: 10_000 })
      .toContain(`${status}`);
    return status;
  };

  it("answers 401 on Try it out before Authorize", async () => {
    await operation().locator(".opblock-summary").click();
    const tryItOut = operation().locator("button.try-out__btn", { hasText: "Try it out" });
    if (await tryItOut.isVisible()) await tryItOut.click();
    expect(await execute()).toBe(401);
  }, 60_000);

  it("signs in at the provider with PKCE and then answers 200", async () => {
    await page.locator(".auth-wrapper button.authorize").click();
    const dialog = page.locator(".dialog-ux .modal-ux");
    // The client id and the ticked scope come from swaggerUi({ oauth }).
    await expect
      .poll(() => dialog.locator('input[data-name="clientId"]').inputValue())
      .toBe(clientId);
    expect(
      await dialog.locator('input[type="checkbox"][data-value="orders:read"]').isChecked(),
    ).toBe(true);
    const popup = page.waitForEvent("popup", { timeout: 10_000 });
    const authorizationRequest = context.waitForEvent("request", {
      predicate: (request) => request.url().startsWith(`${idp.authorizationUrl}?`),
      timeout: 10_000,
    });
    const tokenRequest = page.waitForRequest((request) => request.url().startsWith(idp.tokenUrl), {
      timeout: 20_000,
    });
    // Awaited below; marked handled so a failure before then reports one error, not three.
    for (const pending of [popup, authorizationRequest, tokenRequest]) pending.catch(() => {});
    await dialog.locator("button.authorize", { hasText: "Authorize" }).click();
    const signIn = await popup;
    const authorization = new URL((await authorizationRequest).url());
    expect(authorization.searchParams.get("code_challenge_method")).toBe("S256");
    expect(authorization.searchParams.get("code_challenge")).toMatch(/^[\w-]{43}$/);
    expect(authorization.searchParams.get("resource")).toBe(audience);
    expect(authorization.searchParams.get("client_id")).toBe(clientId);

    // The provider's login and consent pages, filled in as a person would.
    await signIn.locator('input[name="login"]').fill(login);
    await signIn.locator('input[name="password"]').fill("any password");
    await signIn.locator('button[type="submit"]', { hasText: "Sign-in" }).click();
    await signIn.locator('button[type="submit"]', { hasText: "Continue" }).click();
    // oauth2-redirect.html hands the code back to the page and closes the popup.
    await signIn.waitForEvent("close", { timeout: 15_000 });

    const exchange = await tokenRequest;
    const form = new URLSearchParams(exchange.postData() ?? "");
    expect(form.get("grant_type")).toBe("authorization_code");
    expect(form.get("code_verifier")).toMatch(/^[\w.~-]{43,128}$/);
    expect(form.has("client_secret")).toBe(false);
    await expect
      .poll(() => dialog.locator("button.auth", { hasText: "Logout" }).count(), { timeout: 10_000 })
      .toBe(1);

    // The access token Swagger UI holds is a JWT for this API, issued to the person who signed in.
    const token = await page.evaluate(
      () =>
        (
          globalThis as unknown as {
            ui: { authSelectors: { authorized(): { toJS(): Record<string, any> } } };
          }
        ).ui.authSelectors
          .authorized()
          .toJS().bearer?.token?.access_token as string | undefined,
    );
    expect(token?.split(".")).toHaveLength(3);
    const claims = JSON.parse(
      Buffer.from((token as string).split(".")[1] as string, "base64url").toString(),
    ) as Record<string, unknown>;
    expect(claims).toMatchObject({
      iss: idp.issuer,
      aud: audience,
      sub: login,
      client_id: clientId,
    });
    expect(String(claims.scope).split(" ")).toContain("orders:read");

    await dialog.locator("button.close-modal").click();
    expect(await execute()).toBe(200);
    const shown = await operation()
      .locator(".live-responses-table .response .response-col_description")
      .first()
      .textContent();
    expect(shown).toContain(`"subject": "${login}"`);
    mkdirSync(resolve(screenshotPath, ".."), { recursive: true });
    await page.screenshot({ path: screenshotPath, fullPage: true });
  }, 90_000);

  it("served Swagger UI and its redirect page from the app, asking nothing off the machine", () => {
    const network = docsRequests.filter((url) => url.startsWith("http"));
    const elsewhere = network.filter((url) => ![origin, idp.issuer].includes(new URL(url).origin));
    expect(elsewhere).toEqual([]);
    const paths = network.map((url) => new URL(url).pathname);
    expect(paths).toContain("/docs/swagger-ui-bundle.js");
    expect(paths).toContain("/docs/openapi.json");
    // The only provider URL the docs page itself calls is the token endpoint (CORS, PKCE); Swagger
    // UI repeats the authorization request's extra parameters there as a query.
    const provider = network.filter((url) => url.startsWith(idp.issuer));
    expect(provider.map((url) => url.split("?")[0])).toEqual([idp.tokenUrl]);
    expect(refused.filter((entry) => entry.startsWith(origin))).toEqual([]);
    expect(pageErrors).toEqual([]);
  });
});
