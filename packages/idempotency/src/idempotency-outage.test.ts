import { Body, Controller, Post, Returns, Route } from "@trellis/core";
import { schema } from "@trellis/testing";
import { describe, expect, it } from "vitest";
import { idempotencyProblemTypes } from "./idempotency-problems.js";
import type { IdempotencyStore } from "./idempotency-store.js";
import { Idempotent } from "./idempotent-decorator.js";
import { memoryIdempotencyStore } from "./memory-idempotency-store.js";
import { expectConfigError, send, testApp } from "./test-helpers/test-app.js";

const Order = schema(
  { type: "object", properties: { n: { type: "number" } }, required: ["n"] },
  "OutageOrder",
);

let runs = 0;

@Route("/outage")
class OrderController extends Controller {
  @Post("/strict")
  @Idempotent()
  @Returns(201, Order)
  strict(@Body(Order) order: { n: number }) {
    runs++;
    this.setStatus(201);
    return order;
  }

  @Post("/relaxed")
  @Idempotent({ outage: "fail-open" })
  @Returns(201, Order)
  relaxed(@Body(Order) order: { n: number }) {
    runs++;
    this.setStatus(201);
    return order;
  }
}

/** A memory store that fails every call while `down`. */
function switchable() {
  const inner = memoryIdempotencyStore();
  const state = { down: true };
  const guard = <T>(work: () => Promise<T> | T): Promise<T> =>
    state.down ? Promise.reject(new Error("connection refused")) : Promise.resolve(work());
  const store: IdempotencyStore = {
    claim: (key, claim) => guard(() => inner.claim(key, claim)),
    complete: (key, token, response, ttl) => guard(() => inner.complete(key, token, response, ttl)),
    release: (key, token) => guard(() => inner.release(key, token)),
  };
  return { store, state };
}

const post = (app: Parameters<typeof send>[0], path: string, key: string) =>
  send(app, "POST", `/outage/${path}`, { headers: { "idempotency-key": key }, json: { n: 1 } });

describe("@Idempotent while its store is away", () => {
  it("answers 503 with Retry-After by default, runs fail-open routes without their key, and logs the outage twice", async () => {
    runs = 0;
    const { store, state } = switchable();
    const app = testApp([OrderController], { idempotency: { store } });
    const statuses: number[] = [];
    for (let index = 0; index < 4; index++) {
      const strict = await post(app, "strict", '"a"');
      expect(strict.headers.get("retry-after")).toBe("1");
      expect(await strict.json()).toMatchObject({ type: idempotencyProblemTypes.unavailable });
      statuses.push(strict.status, (await post(app, "relaxed", '"b"')).status);
    }
    expect(statuses).toEqual([503, 201, 503, 201, 503, 201, 503, 201]);
    // Fail-open ran each retry: with no store there is no key to replay from.
    expect(runs).toBe(4);
    expect(app.logged.map(([message]) => String(message))).toEqual([
      expect.stringMatching(/^Outage: the idempotency store is unavailable/),
    ]);
    state.down = false;
    expect((await post(app, "strict", '"a"')).status).toBe(201);
    expect((await post(app, "strict", '"a"')).headers.get("idempotent-replayed")).toBe("true");
    expect(String(app.logged[1]?.[0])).toMatch(/^Outage over: .*; 8 requests affected/);
    expect(app.logged).toHaveLength(2);
  });

  it("takes the app's outage policy as every route's default; a route's own wins", async () => {
    runs = 0;
    const { store } = switchable();
    const app = testApp([OrderController], { idempotency: { store, outage: "fail-open" } });
    expect((await post(app, "strict", '"c"')).status).toBe(201);
    expect(runs).toBe(1);
  });

  it("refuses an outage policy it does not know, at startup", () => {
    expectConfigError(
      () => testApp([OrderController], { idempotency: { outage: "open" as never } }),
      "INVALID_IDEMPOTENCY",
      "idempotencyKeys: outage",
    );
    @Route("/bad")
    class BadController extends Controller {
      @Post()
      @Idempotent({ outage: "sometimes" as never })
      bad() {
        return {};
      }
    }
    expectConfigError(() => testApp([BadController]), "INVALID_IDEMPOTENCY", "outage");
  });
});
