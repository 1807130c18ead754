import { Controller, Post, Route } from "@trellis/core";
import { describe, expect, it } from "vitest";
import { Idempotent } from "./idempotent-decorator.js";
import { send, testApp } from "./test-helpers/test-app.js";

// A key is a key on one route: a client that reuses a key on another operation gets that
// operation run, neither a 422 for the other route's payload nor the other route's answer.
let runs = 0;
@Route("/ledger")
@Idempotent()
class LedgerController extends Controller {
  @Post("/credit")
  credit() {
    runs++;
    return { kind: "credit", run: runs };
  }

  @Post("/debit")
  debit() {
    runs++;
    return { kind: "debit", run: runs };
  }
}

describe("Idempotency-Key scope", () => {
  it("keeps one key's answers apart on two routes", async () => {
    const app = testApp([LedgerController], {
      openapi: { undeclaredResponses: "off" },
      sendUndeclared: true,
    } as never);
    const headers = { "idempotency-key": '"same"' };
    const credit = await send(app, "POST", "/ledger/credit", { headers, json: {} });
    const debit = await send(app, "POST", "/ledger/debit", { headers, json: {} });
    expect([credit.status, debit.status]).toEqual([200, 200]);
    expect(debit.headers.get("idempotent-replayed")).toBeNull();
    expect(((await debit.json()) as { kind: string }).kind).toBe("debit");
    expect(runs).toBe(2);
    const again = await send(app, "POST", "/ledger/credit", { headers, json: {} });
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(runs).toBe(2);
  });
});
