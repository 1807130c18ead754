import { apiKey, generateApiKey, hashApiKey } from "@trellis/auth";
import { Controller, createApp, Get, Route, Security } from "@trellis/core";
import { jsonSchemaAdapter, within } from "@trellis/testing";
import { type RunningEngine, startPostgres } from "@trellis/testing/engines";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postgresApiKeyStore } from "./postgres-api-key-store.js";

@Route("/")
class MeController extends Controller {
  @Get("me")
  @Security("key")
  me() {
    return { ok: true };
  }
}

let postgres: RunningEngine;
beforeAll(async () => {
  postgres = await startPostgres();
});
afterAll(async () => {
  await postgres?.stop();
});

describe("apiKey on postgresApiKeyStore while Postgres is away", () => {
  it("answers 503 with Retry-After, logs the outage once on entry and once on exit", async () => {
    const store = postgresApiKeyStore({ url: postgres.url });
    const check = apiKey({ store });
    const lines: string[] = [];
    const log = (message: string) => lines.push(message);
    const app = createApp({
      schema: jsonSchemaAdapter(),
      controllers: [MeController],
      logger: { error: log, warn: log },
      openapi: { undeclaredResponses: "off", securitySchemes: { key: check.scheme } },
      security: { key: check },
    });
    const key = generateApiKey();
    await store.add({ id: "k", hash: hashApiKey(key), subject: "acme", scopes: [] });
    const me = () =>
      within(
        Promise.resolve(
          app.fetch(new Request("http://api.test/me", { headers: { "x-api-key": key } })),
        ),
        15,
        "an answer",
      );
    try {
      expect((await me()).status).toBe(200);
      await postgres.down();
      const refused = [];
      for (let index = 0; index < 5; index++) refused.push(await me());
      expect(refused.map((response) => response.status)).toEqual([503, 503, 503, 503, 503]);
      expect(refused[0]?.headers.get("retry-after")).toBe("1");
      expect(await refused[0]?.text()).not.toContain("ECONNREFUSED");
      await postgres.up();
      expect((await me()).status).toBe(200);
      const outage = lines.filter((line) => line.startsWith("apiKey:"));
      expect(outage).toHaveLength(2);
      expect(outage[0]).toContain("failed");
      expect(outage[1]).toContain("5 requests were refused");
    } finally {
      await app.close();
      await store.close();
    }
  });
});
