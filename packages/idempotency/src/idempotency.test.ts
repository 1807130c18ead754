import {
  Body,
  Controller,
  Get,
  HttpException,
  Param,
  Patch,
  Post,
  Returns,
  Route,
} from "@trellis/core";
import { schema, within } from "@trellis/testing";
import { describe, expect, it } from "vitest";
import { idempotencyProblemTypes } from "./idempotency-problems.js";
import { Idempotent } from "./idempotent-decorator.js";
import { memoryIdempotencyStore } from "./memory-idempotency-store.js";
import { expectConfigError, type Json, send, testApp } from "./test-helpers/test-app.js";

const Payment = schema(
  {
    type: "object",
    properties: { amount: { type: "integer" } },
    required: ["amount"],
  },
  "Payment",
);

let runs = 0;
let release: (() => void) | undefined;

@Route("/payments")
@Idempotent()
class PaymentController extends Controller {
  @Post()
  @Returns(201, Payment)
  @Returns(409, "The account is frozen")
  async pay(@Body(Payment) payment: { amount: number }) {
    runs++;
    if (payment.amount === 13) await new Promise<void>((resolve) => (release = resolve));
    if (payment.amount === 500) throw new HttpException(503, "Try later");
    this.setStatus(201);
    this.setHeader("x-run", String(runs));
    return { amount: payment.amount };
  }

  @Patch("/:id")
  @Idempotent({ required: false })
  adjust(@Param("id") _id: string, @Body(Payment) payment: { amount: number }) {
    runs++;
    return { amount: payment.amount, run: runs };
  }

  @Get()
  list() {
    return [];
  }
}

const app = () => testApp([PaymentController], { openapi: { undeclaredResponses: "off" } });
const pay = (target: ReturnType<typeof app>, amount: number, key?: string) =>
  send(target, "POST", "/payments", {
    json: { amount },
    ...(key === undefined ? {} : { headers: { "idempotency-key": key } }),
  });

describe("@Idempotent", () => {
  it("runs the first request with a key and replays its response to a retry with the same payload", async () => {
    runs = 0;
    // Ids on every answer, to see that a replay carries its own.
    const target = testApp([PaymentController], {
      openapi: { undeclaredResponses: "off" },
      requestId: true,
    });
    const first = await pay(target, 10, '"key-1"');
    expect(first.status).toBe(201);
    expect(first.headers.get("idempotent-replayed")).toBeNull();
    const retry = await pay(target, 10, '"key-1"');
    expect(retry.status).toBe(201);
    expect(retry.headers.get("idempotent-replayed")).toBe("true");
    expect(retry.headers.get("x-run")).toBe("1");
    expect(await retry.json()).toEqual(await first.json());
    // Its own id: the replay does not echo the first request's.
    expect(retry.headers.get("x-request-id")).not.toBe(first.headers.get("x-request-id"));
    expect(runs).toBe(1);
    // A bare key is the same key as its quoted form.
    expect((await pay(target, 10, "key-1")).headers.get("idempotent-replayed")).toBe("true");
    expect(runs).toBe(1);
  });

  it("never replays the first request's id, whatever header carries it", async () => {
    const target = testApp([PaymentController], {
      openapi: { undeclaredResponses: "off" },
      requestId: { header: "X-Correlation-ID" },
    });
    const first = await pay(target, 3, '"id-header"');
    const retry = await pay(target, 3, '"id-header"');
    expect(retry.headers.get("idempotent-replayed")).toBe("true");
    expect(retry.headers.get("x-correlation-id")).not.toBe(first.headers.get("x-correlation-id"));
  });

  it("answers 422 for the same key with another payload", async () => {
    const target = app();
    await pay(target, 10, '"key-2"');
    const reused = await pay(target, 11, '"key-2"');
    expect(reused.status).toBe(422);
    expect(await reused.json()).toMatchObject({
      type: idempotencyProblemTypes.reused,
      status: 422,
    });
  });

  it("answers 409 to a retry while the first request runs, then replays once it is done", async () => {
    runs = 0;
    const target = app();
    const running = pay(target, 13, '"slow"');
    // Wait until the first request is inside its handler.
    await within(
      (async () => {
        while (release === undefined) await new Promise((resolve) => setTimeout(resolve, 1));
      })(),
      10,
      "the first request inside its handler",
    );
    const conflict = await pay(target, 13, '"slow"');
    expect(conflict.status).toBe(409);
    expect(conflict.headers.get("retry-after")).toBe("1");
    expect(await conflict.json()).toMatchObject({ type: idempotencyProblemTypes.running });
    (release as () => void)();
    release = undefined;
    expect((await running).status).toBe(201);
    expect((await pay(target, 13, '"slow"')).headers.get("idempotent-replayed")).toBe("true");
    expect(runs).toBe(1);
  });

  it("refuses a missing or malformed key with 400, unless the key is optional", async () => {
    const target = app();
    const missing = await pay(target, 1);
    expect(missing.status).toBe(400);
    expect(await missing.json()).toMatchObject({ type: idempotencyProblemTypes.missing });
    for (const bad of ['"unterminated', "has space", "a,b", `"${"x".repeat(256)}"`, '""']) {
      const invalid = await pay(target, 1, bad);
      expect(invalid.status, bad).toBe(400);
      expect(((await invalid.json()) as Json).type).toBe(idempotencyProblemTypes.invalid);
    }
    runs = 0;
    const optional = () => send(target, "PATCH", "/payments/1", { json: { amount: 2 } });
    expect((await optional()).status).toBe(200);
    expect((await optional()).status).toBe(200);
    expect(runs).toBe(2);
  });

  it("lets @Idempotent(false) exempt one route of an idempotent class", async () => {
    @Route("/exempt")
    @Idempotent()
    class ExemptController extends Controller {
      @Post()
      covered() {
        return { covered: true };
      }

      @Post("/free")
      @Idempotent(false)
      free() {
        return { free: true };
      }
    }
    const target = testApp([ExemptController], { openapi: { undeclaredResponses: "off" } });
    expect((await send(target, "POST", "/exempt")).status).toBe(400);
    expect((await send(target, "POST", "/exempt/free")).status).toBe(200);
    const document: Json = target.document;
    expect(document.paths["/exempt/free"].post.parameters).toBeUndefined();
  });

  it("does not keep a 5xx: the key is given up and a retry runs again", async () => {
    runs = 0;
    const target = app();
    expect((await pay(target, 500, '"flaky"')).status).toBe(503);
    expect((await pay(target, 500, '"flaky"')).status).toBe(503);
    expect(runs).toBe(2);
  });

  it("keeps a validation failure like any final answer", async () => {
    const target = app();
    const invalid = () =>
      send(target, "POST", "/payments", {
        json: { amount: "x" },
        headers: { "idempotency-key": '"v"' },
      });
    expect((await invalid()).status).toBe(400);
    const again = await invalid();
    expect(again.status).toBe(400);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
  });

  it("scopes keys per client: the same key under two Authorization headers is two keys", async () => {
    runs = 0;
    const target = app();
    for (const token of ["Bearer a", "Bearer b"]) {
      const answer = await send(target, "POST", "/payments", {
        json: { amount: 5 },
        headers: { "idempotency-key": '"shared"', authorization: token },
      });
      expect(answer.headers.get("idempotent-replayed")).toBeNull();
    }
    expect(runs).toBe(2);
  });

  it("forgets a kept response after its ttl", async () => {
    runs = 0;
    let now = 0;
    const target = testApp([PaymentController], {
      openapi: { undeclaredResponses: "off" },
      idempotency: { store: memoryIdempotencyStore({ now: () => now }), ttl: 60 },
    });
    await pay(target, 7, '"ttl"');
    now += 59_000;
    expect((await pay(target, 7, '"ttl"')).headers.get("idempotent-replayed")).toBe("true");
    now += 2_000;
    expect((await pay(target, 7, '"ttl"')).headers.get("idempotent-replayed")).toBeNull();
    expect(runs).toBe(2);
  });

  it("answers 503 when the store cannot be reached, and logs it", async () => {
    const target = testApp([PaymentController], {
      openapi: { undeclaredResponses: "off" },
      idempotency: {
        store: {
          claim: () => Promise.reject(new Error("down")),
          complete: () => Promise.resolve(),
          release: () => Promise.resolve(),
        },
      },
    });
    const answer = await pay(target, 1, '"k"');
    expect(answer.status).toBe(503);
    expect(await answer.json()).toMatchObject({ type: idempotencyProblemTypes.unavailable });
    expect(target.logged).toHaveLength(1);
  });

  it("closes its store on app.close()", async () => {
    let closed = 0;
    const target = testApp([PaymentController], {
      openapi: { undeclaredResponses: "off" },
      idempotency: {
        store: {
          claim: () => Promise.resolve(undefined),
          complete: () => Promise.resolve(),
          release: () => Promise.resolve(),
          close: () => void closed++,
        },
      },
    });
    await target.close();
    expect(closed).toBe(1);
  });

  it("refuses @Idempotent on a GET route and bad options at startup", () => {
    @Route("/read")
    class ReadController extends Controller {
      @Get()
      @Idempotent()
      read() {}
    }
    expectConfigError(
      () => testApp([ReadController]),
      "INVALID_IDEMPOTENCY",
      "ReadController.read",
      "GET",
    );
    @Route("/odd")
    class OddController extends Controller {
      @Post()
      @Idempotent({ forever: true } as never)
      odd() {}
    }
    expectConfigError(() => testApp([OddController]), "INVALID_IDEMPOTENCY", "forever");
    expectConfigError(
      () => testApp([PaymentController], { idempotency: { ttl: 0 } }),
      "INVALID_DURATION",
      "idempotencyKeys: ttl",
    );
  });

  it("documents Idempotency-Key, Idempotent-Replayed, 409 and 422 in OpenAPI 3.0, 3.1 and 3.2", () => {
    for (const version of ["3.0", "3.1", "3.2"] as const) {
      const document: Json = testApp([PaymentController], {
        openapi: { version, undeclaredResponses: "off" },
      }).document;
      const post = document.paths["/payments"].post;
      expect(post.parameters).toContainEqual(
        expect.objectContaining({ name: "Idempotency-Key", in: "header", required: true }),
      );
      expect(post.responses["201"].headers["Idempotent-Replayed"]).toBeDefined();
      expect(post.responses["409"].description).toBe(
        "The account is frozen; or a request with this Idempotency-Key is still being processed; retry later.",
      );
      for (const status of ["400", "409", "422", "503"]) {
        expect(post.responses[status].content["application/problem+json"], status).toBeDefined();
      }
      const patch = document.paths["/payments/{id}"].patch;
      expect(patch.parameters).toContainEqual(
        expect.objectContaining({ name: "Idempotency-Key", required: false }),
      );
      expect(document.paths["/payments"].get.parameters).toBeUndefined();
    }
  });
});
