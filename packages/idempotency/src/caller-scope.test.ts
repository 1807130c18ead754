import {
  Body,
  Controller,
  type ExecutionContext,
  Post,
  Public,
  Returns,
  Route,
  Security,
  setPrincipal,
} from "@trellis/core";
import { schema } from "@trellis/testing";
import { describe, expect, it } from "vitest";
import { callerScope } from "./caller-scope.js";
import { Idempotent } from "./idempotent-decorator.js";
import { type Json, send, testApp } from "./test-helpers/test-app.js";

const Order = schema(
  { type: "object", properties: { item: { type: "string" } }, required: ["item"] },
  "Order",
);
// The answer declares the run's number too: undeclared fields would not be sent.
const Placed = schema(
  {
    type: "object",
    properties: { item: { type: "string" }, run: { type: "integer" } },
    required: ["item", "run"],
  },
  "Placed",
);

let runs = 0;

@Route("/orders")
class OrderController extends Controller {
  @Post()
  @Idempotent()
  @Security("key")
  @Returns(201, Placed)
  place(@Body(Order) order: { item: string }) {
    runs++;
    this.setStatus(201);
    return { item: order.item, run: runs };
  }

  @Post("/public")
  @Public()
  @Idempotent()
  @Returns(201, Placed)
  open(@Body(Order) order: { item: string }) {
    runs++;
    this.setStatus(201);
    return { item: order.item, run: runs };
  }
}

// An API-key scheme of the test's own: each key is one tenant, recorded as core's principal.
const tenants: Record<string, string> = { "key-acme": "acme", "key-globex": "globex" };
const keyCheck = ({ request }: ExecutionContext) => {
  const subject = tenants[request.headers.get("x-api-key") ?? ""];
  if (subject === undefined) return false;
  setPrincipal(request, { subject, via: "apiKey", issuer: undefined, scopes: [], claims: {} });
  return true;
};

const app = () =>
  testApp([OrderController], {
    openapi: {
      undeclaredResponses: "off",
      securitySchemes: { key: { type: "apiKey", in: "header", name: "x-api-key" } },
    },
    security: { key: keyCheck },
  });

const order = (target: ReturnType<typeof app>, apiKey: string, path = "/orders") =>
  send(target, "POST", path, {
    json: { item: "anvil" },
    headers: { "idempotency-key": '"order-1"', "x-api-key": apiKey },
  });

describe("the default scope of a key: the caller", () => {
  it("never replays one tenant's answer to another that reuses the key (API keys, no Authorization)", async () => {
    runs = 0;
    const target = app();
    const acme = await order(target, "key-acme");
    expect(acme.status).toBe(201);
    const globex = await order(target, "key-globex");
    expect(globex.status).toBe(201);
    expect(globex.headers.get("idempotent-replayed")).toBeNull();
    expect(((await globex.json()) as Json).run).toBe(2);
    // The same tenant retrying still gets its own answer back.
    const retry = await order(target, "key-acme");
    expect(retry.headers.get("idempotent-replayed")).toBe("true");
    expect(((await retry.json()) as Json).run).toBe(1);
    expect(runs).toBe(2);
  });

  it("refuses an unauthenticated request 401 before a key is claimed", async () => {
    runs = 0;
    const target = app();
    expect((await order(target, "key-unknown")).status).toBe(401);
    expect((await order(target, "key-acme")).headers.get("idempotent-replayed")).toBeNull();
    expect(runs).toBe(1);
  });

  it("scopes a public route's keys by the client's address (under Bun.serve)", async () => {
    runs = 0;
    const target = app();
    const server = Bun.serve({ port: 0, routes: target.routes, fetch: target.fetch });
    try {
      const post = () =>
        fetch(`http://127.0.0.1:${server.port}/orders/public`, {
          method: "POST",
          headers: { "content-type": "application/json", "idempotency-key": '"open-1"' },
          body: JSON.stringify({ item: "anvil" }),
          signal: AbortSignal.timeout(5000),
        });
      expect((await post()).status).toBe(201);
      expect((await post()).headers.get("idempotent-replayed")).toBe("true");
    } finally {
      await server.stop(true);
    }
  });

  it("tells principals, credentials and addresses apart", () => {
    const addresses = new Map<Request, string>();
    const scope = callerScope((request) => addresses.get(request));
    const request = (headers: Record<string, string> = {}, address?: string) => {
      const made = new Request("http://test.local/", { headers });
      if (address !== undefined) addresses.set(made, address);
      return made;
    };
    const a = request({}, "192.0.2.1");
    const b = request({}, "192.0.2.2");
    expect(scope(a)).not.toBe(scope(b));
    expect(scope(request())).toBeUndefined();
    const bearer = request({ authorization: "Bearer x" }, "192.0.2.1");
    expect(scope(bearer)).toBe("authorization\nBearer x");
    const signed = request({ authorization: "Bearer x" }, "192.0.2.1");
    const principal = { subject: "ada", issuer: "https://id.test", scopes: [], claims: {} };
    setPrincipal(signed, { ...principal, via: "jwt" });
    const keyed = request({}, "192.0.2.1");
    setPrincipal(keyed, { ...principal, via: "apiKey", issuer: undefined });
    // The principal wins over the credential and the address; a subject of another scheme differs.
    expect(scope(signed)).toBe("principal\njwt\nhttps://id.test\nada");
    expect(scope(keyed)).not.toBe(scope(signed));
  });
});
