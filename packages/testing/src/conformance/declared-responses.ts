import { Controller, createApp, Get, Returns, Route, SendUndeclared } from "@trellis/core";
import type { SchemaAdapter } from "@trellis/core/extend";
import { describe, expect, it } from "vitest";
import type { ConformanceFixtures } from "./fixtures.js";

// A stored row's secret, at the top, in a nested object, in array items and in a union member.
const secret = "hunter2-hash";
const user = () => ({ id: "u1", name: "Ada", email: "ada@example.com", passwordHash: secret });
const shipment = () => ({
  recipient: "Ada",
  passwordHash: secret,
  address: { street: "1 Main St", city: "Paris", passwordHash: secret },
});
const cart = () => ({
  passwordHash: secret,
  items: [
    { sku: "A-1", quantity: 2, passwordHash: secret },
    { sku: "B-2", quantity: 1, passwordHash: secret },
  ],
});
const adoption = () => ({ pet: { kind: "cat", lives: 7, passwordHash: secret } });

/** `value` without its `passwordHash` properties, at any depth: what must be sent. */
const declared = (value: unknown): unknown =>
  JSON.parse(JSON.stringify(value), (key, inner) => (key === "passwordHash" ? undefined : inner));

function declaredApp(create: () => SchemaAdapter, fixtures: ConformanceFixtures, whole: boolean) {
  @Route("/declared")
  class DeclaredController extends Controller {
    @Get("/user")
    @Returns(200, fixtures.user)
    user() {
      return user();
    }

    @Get("/users")
    @Returns(200, [fixtures.user])
    users() {
      return [user(), user()];
    }

    @Get("/shipment")
    @Returns(200, fixtures.shipment)
    shipment() {
      return shipment();
    }

    @Get("/cart")
    @Returns(200, fixtures.cart)
    cart() {
      return cart();
    }

    @Get("/adoption")
    @Returns(200, fixtures.adoption)
    adoption() {
      return adoption();
    }

    @Get("/whole")
    @Returns(200, fixtures.shipment)
    @SendUndeclared()
    whole() {
      return shipment();
    }

    @Get("/response")
    @Returns(200, fixtures.user)
    response() {
      return Response.json(user());
    }

    @Get("/stream")
    @Returns(200, fixtures.user)
    stream() {
      const bytes = new TextEncoder().encode(JSON.stringify(user()));
      return new ReadableStream({
        start(controller) {
          controller.enqueue(bytes);
          controller.close();
        },
      });
    }

    @Get("/untyped")
    untyped() {
      return user();
    }
  }
  return createApp({
    schema: create(),
    controllers: [DeclaredController],
    ...(whole ? { sendUndeclared: true } : {}),
  });
}

/**
 * Responses carry only what their `@Returns` declares, with every adapter: a returned row's
 * `passwordHash` (top level, nested object, array items, union member) is not in the bytes,
 * declared fields are intact, and the opt-outs and pass-throughs send it.
 */
export function runDeclaredResponseConformance(
  create: () => SchemaAdapter,
  fixtures: ConformanceFixtures,
): void {
  describe("declared responses", () => {
    const app = declaredApp(create, fixtures, false);
    const get = async (path: string) => {
      const response = await app.fetch(new Request(`http://local/declared${path}`));
      expect(response.status).toBe(200);
      return response.text();
    };

    const rows: [string, unknown][] = [
      ["/user", user()],
      ["/users", [user(), user()]],
      ["/shipment", shipment()],
      ["/cart", cart()],
      ["/adoption", adoption()],
    ];
    for (const [path, row] of rows) {
      it(`sends ${path} without the undeclared passwordHash, declared fields intact`, async () => {
        const text = await get(path);
        expect(text).not.toContain("passwordHash");
        expect(text).not.toContain(secret);
        expect(JSON.parse(text)).toEqual(declared(row));
      });
    }

    it("sends it with @SendUndeclared() and with createApp({ sendUndeclared: true })", async () => {
      expect(JSON.parse(await get("/whole"))).toEqual(shipment());
      const whole = declaredApp(create, fixtures, true);
      const response = await whole.fetch(new Request("http://local/declared/shipment"));
      expect(JSON.parse(await response.text())).toEqual(shipment());
    });

    it("passes a returned Response, a stream and a route without a schema through", async () => {
      for (const path of ["/response", "/stream", "/untyped"]) {
        expect(JSON.parse(await get(path))).toEqual(user());
      }
    });
  });
}
