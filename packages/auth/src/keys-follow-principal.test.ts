import { Body, Controller, createApp, Post, Returns, Route, Security } from "@trellis/core";
import { Idempotent } from "@trellis/idempotency";
import { RateLimit } from "@trellis/rate-limit";
import { jsonSchemaAdapter, schema } from "@trellis/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiKey } from "./api-key.js";
import { hashApiKey, memoryApiKeyStore } from "./api-key-store.js";
import { jwtBearer } from "./jwt-bearer.js";
import { startTestIssuer, type TestIssuer } from "./testing/index.js";

type Json = any;

const Order = schema(
  { type: "object", properties: { item: { type: "string" } }, required: ["item"] },
  "Order",
);

// The answer declares the order's number too: undeclared fields would not be sent.
const Placed = schema(
  {
    type: "object",
    properties: { item: { type: "string" }, order: { type: "integer" } },
    required: ["item", "order"],
  },
  "Placed",
);

let placed = 0;

@Route("/orders")
class OrderController extends Controller {
  @Post()
  @Idempotent()
  @RateLimit({ limit: 2, window: 60, name: "orders" })
  @Security("key", ["orders:write"])
  @Security("bearer", ["orders:write"])
  @Returns(201, Placed)
  place(@Body(Order) order: { item: string }) {
    placed++;
    this.setStatus(201);
    return { item: order.item, order: placed };
  }
}

let idp: TestIssuer;
beforeAll(async () => {
  idp = await startTestIssuer({ audience: "https://orders.test" });
});
afterAll(() => idp?.stop());

function app() {
  const record = (subject: string) => ({
    id: subject,
    hash: hashApiKey(`key-${subject}`),
    subject,
    scopes: ["orders:write"],
  });
  const key = apiKey({ store: memoryApiKeyStore({ records: [record("acme"), record("globex")] }) });
  const bearer = jwtBearer({ issuer: idp.issuer, audience: "https://orders.test" });
  return createApp({
    schema: jsonSchemaAdapter(),
    controllers: [OrderController],
    openapi: {
      undeclaredResponses: "off",
      securitySchemes: { key: key.scheme, bearer: bearer.scheme },
    },
    security: { key, bearer },
  });
}

const order = (
  target: ReturnType<typeof app>,
  credential: Record<string, string>,
  idempotencyKey = '"order-1"',
) =>
  Promise.resolve(
    target.fetch(
      new Request("http://test.local/orders", {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "idempotency-key": idempotencyKey,
          ...credential,
        },
        body: JSON.stringify({ item: "anvil" }),
      }),
    ),
  );

describe("idempotency keys and rate limits follow the principal", () => {
  it("never replays acme's order to globex reusing its Idempotency-Key (x-api-key)", async () => {
    placed = 0;
    const target = app();
    const acme = await order(target, { "x-api-key": "key-acme" });
    expect(acme.status).toBe(201);
    const globex = await order(target, { "x-api-key": "key-globex" });
    expect(globex.status).toBe(201);
    expect(globex.headers.get("idempotent-replayed")).toBeNull();
    expect(((await globex.json()) as Json).order).toBe(2);
    const retry = await order(target, { "x-api-key": "key-acme" });
    expect(retry.headers.get("idempotent-replayed")).toBe("true");
    expect(((await retry.json()) as Json).order).toBe(1);
  });

  it("keeps one subject's keys apart per scheme: a token's sub is not an API key's owner", async () => {
    placed = 0;
    const target = app();
    await order(target, { "x-api-key": "key-acme" });
    const token = await idp.issueToken({ sub: "acme", scope: "orders:write" });
    const byToken = await order(target, { authorization: `Bearer ${token}` });
    expect(byToken.headers.get("idempotent-replayed")).toBeNull();
    // The same subject with a fresh token is the same caller: its retry is replayed.
    const again = await idp.issueToken({ sub: "acme", scope: "orders:write" });
    const retry = await order(target, { authorization: `Bearer ${again}` });
    expect(retry.headers.get("idempotent-replayed")).toBe("true");
  });

  it("gives two principals behind one address a budget each, and floods without a key 401", async () => {
    const target = app();
    let sent = 0;
    const statuses = async (credential: Record<string, string>, count: number) => {
      const seen: number[] = [];
      for (let index = 0; index < count; index++) {
        seen.push((await order(target, credential, `"n-${++sent}"`)).status);
      }
      return seen;
    };
    expect(await statuses({ "x-api-key": "key-forged" }, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(await statuses({ "x-api-key": "key-acme" }, 3)).toEqual([201, 201, 429]);
    expect(await statuses({ "x-api-key": "key-globex" }, 3)).toEqual([201, 201, 429]);
  });
});
