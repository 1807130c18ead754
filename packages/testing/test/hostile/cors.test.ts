// CORS with credentials: never trusts every origin, never the "null" origin.
import { Controller, cors, createApp, Get, Route, TrellisConfigError } from "@trellis/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jsonSchemaAdapter } from "../../src/json-schema-adapter.js";
import { type Served, serve } from "./support/serve.js";

@Route("/account")
class AccountController extends Controller {
  @Get() me() {
    return { id: "me" };
  }
}

const trusted = "https://app.example.com";
let served: Served;
beforeAll(() => {
  const app = createApp({
    schema: jsonSchemaAdapter(),
    controllers: [AccountController],
    middleware: [cors({ origin: [trusted, "null"], credentials: true })],
  });
  served = serve(app);
});
afterAll(() => served.stop());

describe("cors({ credentials: true })", () => {
  it("is a startup error with the wildcard origin, given or by default", () => {
    for (const options of [{ credentials: true }, { origin: "*", credentials: true }] as const) {
      let thrown: unknown;
      try {
        cors(options);
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toBeInstanceOf(TrellisConfigError);
      expect((thrown as TrellisConfigError).code).toBe("CORS_CREDENTIALS_ANY_ORIGIN");
    }
  });

  it.each(["null", "https://evil.example", "https://app.example.com.evil.example"])(
    "allows nothing to the origin %s, on preflights and real requests",
    async (origin) => {
      const preflight = await served.request("/account", {
        method: "OPTIONS",
        headers: { origin, "access-control-request-method": "GET" },
      });
      const real = await served.request("/account", { headers: { origin } });
      for (const response of [preflight, real]) {
        expect(response.headers.get("access-control-allow-origin")).toBeNull();
        expect(response.headers.get("access-control-allow-credentials")).toBeNull();
      }
    },
  );

  it("allows the named origin with credentials", async () => {
    const real = await served.request("/account", { headers: { origin: trusted } });
    expect(real.headers.get("access-control-allow-origin")).toBe(trusted);
    expect(real.headers.get("access-control-allow-credentials")).toBe("true");
  });
});
