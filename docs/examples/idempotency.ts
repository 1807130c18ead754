import "reflect-metadata";
import { classValidator } from "@trellis/adapter-class-validator";
import {
  Body,
  Controller,
  createApp,
  Description,
  Post,
  Returns,
  Route,
  Summary,
} from "@trellis/core";
import { Idempotent, idempotencyKeys, memoryIdempotencyStore } from "@trellis/idempotency";
import { IsInt, IsString, Min } from "class-validator";
import { documented } from "./documented.ts";

class NewPayment {
  @IsString() to!: string;
  @IsInt() @Min(1) cents!: number;
}

class Payment extends NewPayment {
  @IsString() id!: string;
}

let paid = 0;

// #region decorator
@Route("/payments")
@Description("Payments")
class PaymentController extends Controller {
  @Post()
  @Summary("Pay")
  @Description("Safe to retry with the same Idempotency-Key: the payment is made once.")
  @Idempotent() // Idempotency-Key required; { required: false } makes it optional
  @Returns(201, Payment, "The payment")
  pay(@Body(NewPayment) payment: NewPayment): Payment {
    paid++;
    this.setStatus(201);
    return { id: `pay_${paid}`, ...payment };
  }
}
// #endregion

// #region app
export const app = createApp({
  schema: classValidator(),
  controllers: [PaymentController],
  plugins: [
    idempotencyKeys({
      // With several instances: store: redisIdempotencyStore({ url: process.env.REDIS_URL }).
      store: memoryIdempotencyStore(),
      ttl: 24 * 60 * 60, // seconds a response is kept for replay
    }),
  ],
  openapi: documented("payments", "Payments, safe to retry."),
});
// #endregion

/** A payment, its retry, the same key with another amount, and no key at all. */
export async function demo() {
  const pay = (cents: number, key?: string) =>
    app.fetch(
      new Request("http://localhost/payments", {
        method: "POST",
        headers: {
          "content-type": "application/json",
          ...(key === undefined ? {} : { "idempotency-key": key }),
        },
        body: JSON.stringify({ to: "ada", cents }),
      }),
    );
  const key = `"${crypto.randomUUID()}"`;
  const first = await pay(500, key);
  const retry = await pay(500, key);
  const otherPayload = await pay(700, key);
  const noKey = await pay(500);
  return { first, retry, otherPayload, noKey, paid, document: app.document };
}
