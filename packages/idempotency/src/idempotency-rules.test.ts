import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { TrellisConfigError } from "@trellis/core";
import { describe, expect, it } from "vitest";
import { parseIdempotency } from "./idempotency-options.js";
import { longestIdempotencyTtl } from "./idempotency-policy.js";
import { idempotencyProblemTypes, idempotencyRefusal } from "./idempotency-problems.js";
import { requestFingerprint } from "./request-fingerprint.js";
import { captureResponse, isKept, replayResponse } from "./stored-response.js";

// The rules a retry relies on: which answers are kept, what a replay sends, what makes two
// requests one payload, what each refusal tells the client, and the options refused at startup.
const refuses = (run: () => unknown, code: string, ...parts: string[]) => {
  let thrown: unknown;
  try {
    run();
  } catch (error) {
    thrown = error;
  }
  expect(thrown, parts.join(" ")).toBeInstanceOf(TrellisConfigError);
  expect((thrown as TrellisConfigError).code).toBe(code);
  for (const part of parts) expect((thrown as Error).message).toContain(part);
};

describe("which answers are kept for replay", () => {
  it("keeps final answers below 500, except the ones that say try again", () => {
    for (const status of [200, 201, 204, 400, 404, 409, 422, 499])
      expect(isKept(status), String(status)).toBe(true);
    for (const status of [408, 425, 429, 500, 502, 503])
      expect(isKept(status), String(status)).toBe(false);
  });
});

describe("captureResponse and replayResponse", () => {
  it("keeps the answer's own fields, never the connection's nor the request id", async () => {
    const response = new Response("made", {
      status: 201,
      headers: {
        location: "/orders/7",
        "x-request-id": "r-1",
        date: "Fri, 02 Jan 2026 00:00:00 GMT",
        connection: "keep-alive",
        "keep-alive": "timeout=5",
        "content-length": "4",
        "transfer-encoding": "chunked",
      },
    });
    const { stored, sent } = await captureResponse(response, "x-request-id");
    expect(stored.status).toBe(201);
    expect(Object.fromEntries(stored.headers)).toEqual({
      location: "/orders/7",
    });
    expect(new TextDecoder().decode(stored.body)).toBe("made");
    expect(sent.status).toBe(201);
    expect(sent.headers.get("x-request-id")).toBe("r-1");
    expect(await sent.text()).toBe("made");
  });

  it("keeps an empty body of a 200 as an empty body, and a 204 as none", async () => {
    const empty = await captureResponse(new Response("", { status: 200 }), undefined);
    expect(empty.sent.body).not.toBeNull();
    expect(await empty.sent.text()).toBe("");
    const none = await captureResponse(new Response(null, { status: 204 }), undefined);
    expect(none.sent.body).toBeNull();
    expect(none.stored.body.byteLength).toBe(0);
  });

  it("replays the kept answer marked Idempotent-Replayed, with no body only for 204 and 304", async () => {
    const replayed = replayResponse({
      status: 201,
      headers: [["location", "/orders/7"]],
      body: new TextEncoder().encode("made"),
    });
    expect(replayed.status).toBe(201);
    expect(replayed.headers.get("idempotent-replayed")).toBe("true");
    expect(replayed.headers.get("location")).toBe("/orders/7");
    expect(await replayed.text()).toBe("made");
    expect(replayResponse({ status: 204, headers: [], body: new Uint8Array() }).body).toBeNull();
    expect(replayResponse({ status: 304, headers: [], body: new Uint8Array() }).body).toBeNull();
    expect(
      replayResponse({ status: 200, headers: [], body: new Uint8Array() }).body,
    ).not.toBeNull();
  });
});

describe("requestFingerprint", () => {
  const print = (url: string, init: RequestInit = {}) =>
    requestFingerprint(new Request(url, init), 1024);

  it("is the same for the same method, target, media type and bytes, whatever the host", async () => {
    const a = await print("http://a.example/orders?x=1", {
      method: "POST",
      body: "{}",
      headers: { "content-type": "application/json" },
    });
    const b = await print("http://b.example:8080/orders?x=1", {
      method: "POST",
      body: "{}",
      headers: { "content-type": "application/json" },
    });
    expect(a).toBe(b);
  });

  it("differs with the path, the query, the method, the media type or the body", async () => {
    const base = { method: "POST", body: "{}", headers: { "content-type": "application/json" } };
    const prints = await Promise.all([
      print("http://a.example/orders?x=1", base),
      print("http://a.example/orders?x=2", base),
      print("http://a.example/order?x=1", base),
      print("http://a.example/orders?x=1", { ...base, method: "PUT" }),
      print("http://a.example/orders?x=1", { ...base, headers: { "content-type": "text/plain" } }),
      print("http://a.example/orders?x=1", { ...base, body: "[]" }),
      print("http://a.example/orders?x=1", { method: "POST", body: "{}" }),
    ]);
    expect(new Set(prints).size).toBe(prints.length);
  });

  it("leaves the body for the route to read, and gives up past the limit", async () => {
    const request = new Request("http://a.example/orders", { method: "POST", body: "payload" });
    expect(await requestFingerprint(request, 1024)).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await request.text()).toBe("payload");
    expect(
      await requestFingerprint(
        new Request("http://a.example/o", { method: "POST", body: "x".repeat(20) }),
        10,
      ),
    ).toBeUndefined();
    const read = new Request("http://a.example/o", { method: "POST", body: "gone" });
    await read.text();
    expect(await requestFingerprint(read, 1024)).toBe(
      await print("http://a.example/o", { method: "POST" }),
    );
  });
});

describe("the idempotency refusals", () => {
  const guide = readFileSync(resolve(import.meta.dirname, "../../../docs/idempotency.md"), "utf8");
  const anchors = [...guide.matchAll(/^#+ (.+)$/gm)].map(([, title]) =>
    String(title)
      .toLowerCase()
      .replace(/[^a-z0-9 -]/g, "")
      .replaceAll(" ", "-"),
  );

  it("each name a section of the guide, with a status, a title and a detail", () => {
    const expected = {
      missing: [400, /^Idempotency key missing$/, /needs an Idempotency-Key/],
      invalid: [400, /^Idempotency key invalid$/, /quoted string/],
      running: [409, /^Idempotency key in use$/, /still being processed/],
      reused: [422, /^Idempotency key reused$/, /different request payload/],
      unavailable: [503, /^Idempotency store unavailable$/, /retry later/],
    } as const;
    for (const [refusal, [status, title, detail]] of Object.entries(expected)) {
      const error = idempotencyRefusal(refusal as keyof typeof expected);
      const type = idempotencyProblemTypes[refusal as keyof typeof expected];
      expect(
        type.startsWith(
          "https://github.com/trellis-framework/trellis/blob/main/docs/idempotency.md#",
        ),
      ).toBe(true);
      expect(anchors).toContain(type.split("#")[1]);
      expect([error.status, error.type], refusal).toEqual([status, type]);
      expect(error.title).toMatch(title);
      expect(error.detail).toMatch(detail);
    }
  });

  it("asks to retry after a second only when retrying can help", () => {
    const retryAfter = (refusal: keyof typeof idempotencyProblemTypes) =>
      new Headers(
        idempotencyRefusal(refusal).headers as ConstructorParameters<typeof Headers>[0],
      ).get("retry-after");
    expect(retryAfter("running")).toBe("1");
    expect(retryAfter("unavailable")).toBe("1");
    for (const refusal of ["missing", "invalid", "reused"] as const)
      expect(retryAfter(refusal), refusal).toBeNull();
  });
});

describe("parseIdempotency (the options of idempotencyKeys)", () => {
  it("gives a memory store, a day's ttl and a minute's lock by default", () => {
    for (const value of [undefined, {}]) {
      const settings = parseIdempotency(value);
      expect([settings.ttlMs, settings.lockMs, settings.scope]).toEqual([
        86_400_000,
        60_000,
        undefined,
      ]);
      for (const method of ["claim", "complete", "release"] as const)
        expect(typeof settings.store[method]).toBe("function");
    }
  });

  it("takes ttl and lockTtl in seconds up to 366 days, and a scope function", () => {
    const scope = () => "tenant";
    const settings = parseIdempotency({ ttl: longestIdempotencyTtl, lockTtl: 5, scope });
    expect([settings.ttlMs, settings.lockMs, settings.scope]).toEqual([
      longestIdempotencyTtl * 1000,
      5000,
      scope,
    ]);
    expect(longestIdempotencyTtl).toBe(366 * 24 * 60 * 60);
    refuses(
      () => parseIdempotency({ ttl: longestIdempotencyTtl + 1 }),
      "INVALID_DURATION",
      "idempotencyKeys: ttl",
    );
    refuses(() => parseIdempotency({ lockTtl: 0 }), "INVALID_DURATION", "idempotencyKeys: lockTtl");
  });

  it("refuses what is not an options object, unknown options, a bad store or scope", () => {
    for (const value of [null, 5, "memory"])
      refuses(
        () => parseIdempotency(value),
        "INVALID_IDEMPOTENCY",
        "idempotencyKeys",
        "must be an object",
      );
    refuses(
      () => parseIdempotency({ ttl: 5, window: 1, keep: 2 }),
      "INVALID_IDEMPOTENCY",
      "unknown option window, keep",
    );
    const claim = () => undefined;
    for (const store of [
      null,
      {},
      { claim, complete: claim },
      { claim, complete: claim, release: 1 },
    ]) {
      refuses(() => parseIdempotency({ store }), "INVALID_IDEMPOTENCY", "store must be");
    }
    refuses(
      () => parseIdempotency({ scope: "tenant" }),
      "INVALID_IDEMPOTENCY",
      "scope must be a function",
    );
  });
});
