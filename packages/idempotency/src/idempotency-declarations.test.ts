import { TrellisConfigError } from "@trellis/core";
import { describe, expect, it } from "vitest";
import { idempotencyDocument, idempotencyTool } from "./idempotency-document.js";
import { idempotencyKeyPattern } from "./idempotency-key.js";
import { idempotencyKeys, idempotentKey } from "./idempotency-keys.js";
import { readIdempotency } from "./idempotency-policy.js";

// What @Idempotent accepts and where, what it documents, and what an MCP client is told: a
// retry-safe tool whose Idempotency-Key argument has the server's own pattern.
const operation = (method: string, sse = false) =>
  ({ method, ...(sse ? { sse: {} } : {}) }) as never;
const refuses = (run: () => unknown, ...parts: string[]) => {
  let thrown: unknown;
  try {
    run();
  } catch (error) {
    thrown = error;
  }
  expect(thrown, parts.join(" ")).toBeInstanceOf(TrellisConfigError);
  for (const part of parts) expect((thrown as Error).message).toContain(part);
};

describe("readIdempotency (the options and place of @Idempotent)", () => {
  it("plans the method's options on each unsafe method", () => {
    for (const method of ["POST", "PATCH", "PUT", "DELETE"]) {
      expect(
        readIdempotency({ value: {}, from: "method" } as never, operation(method), "A.m"),
      ).toEqual({ required: true, ttl: undefined });
    }
    expect(
      readIdempotency(
        { value: { required: false, ttl: 60 }, from: "method" } as never,
        operation("PUT"),
        "A.m",
      ),
    ).toEqual({ required: false, ttl: 60 });
  });

  it("lets a class's @Idempotent cover POST and PATCH only, never an event stream", () => {
    const byClass = (method: string, sse = false) =>
      readIdempotency({ value: {}, from: "class" } as never, operation(method, sse), "A.m");
    expect(byClass("POST")).toEqual({ required: true, ttl: undefined });
    expect(byClass("PATCH")).toEqual({ required: true, ttl: undefined });
    for (const method of ["PUT", "DELETE", "GET"]) expect(byClass(method), method).toBeUndefined();
    expect(byClass("POST", true)).toBeUndefined();
  });

  it("refuses the method's @Idempotent on a safe method or an event stream", () => {
    refuses(
      () => readIdempotency({ value: {}, from: "method" } as never, operation("GET"), "A.read"),
      "A.read",
      "on a GET route",
    );
    refuses(
      () =>
        readIdempotency(
          { value: {}, from: "method" } as never,
          operation("POST", true),
          "A.events",
        ),
      "on a event stream route",
    );
  });

  it("refuses what is not { required?, ttl? }", () => {
    const read = (value: unknown) =>
      readIdempotency({ value, from: "method" } as never, operation("POST"), "A.pay");
    for (const value of [null, 5, "yes"]) refuses(() => read(value), "A.pay", "@Idempotent takes");
    refuses(() => read({ ttl: 1, keep: 1, scope: 2 }), "unknown @Idempotent option keep, scope");
    for (const required of ["yes", 1, null])
      refuses(() => read({ required }), "required must be true or false");
    refuses(() => read({ ttl: 366 * 24 * 60 * 60 + 1 }), "A.pay: @Idempotent ttl", "seconds");
    expect(read({ ttl: 366 * 24 * 60 * 60 })).toEqual({ required: true, ttl: 366 * 24 * 60 * 60 });
  });
});

describe("the document and the MCP tool of @Idempotent", () => {
  it("documents the key with the server's pattern, the replay header and the refusals", () => {
    const fragment = idempotencyDocument({ required: true, ttl: undefined, outage: undefined });
    const [key] = fragment.parameters ?? [];
    expect([key?.name, key?.in, key?.required]).toEqual(["Idempotency-Key", "header", true]);
    expect(key?.schema).toEqual({ type: "string", pattern: idempotencyKeyPattern });
    expect(new RegExp(idempotencyKeyPattern).test(key?.example as string)).toBe(true);
    expect(key?.description).toMatch(/same key and payload gets the first response/);
    expect(fragment.successHeaders?.["Idempotent-Replayed"]).toEqual({
      description: expect.stringMatching(/^`true` when/),
      schema: { type: "string", enum: ["true"] },
    });
    const responses = fragment.responses ?? [];
    expect(responses.map((r) => [r.status, r.documented])).toEqual([
      [400, undefined],
      [409, "append"],
      [422, "append"],
      [503, "append"],
    ]);
    expect(responses.map((r) => r.description.split(":")[0])).toEqual([
      "Bad Request",
      "Conflict",
      "Unprocessable Content",
      "Service Unavailable",
    ]);
    expect(
      idempotencyDocument({ required: false, ttl: 5, outage: undefined }).parameters?.[0]?.required,
    ).toBe(false);
  });

  it("tells an MCP client the tool is safe to retry, with the key as an argument", () => {
    const tool = idempotencyTool({ required: false, ttl: undefined, outage: undefined });
    expect(tool.idempotent).toBe(true);
    expect(tool.arguments?.map((a) => [a.name, a.in, a.required])).toEqual([
      ["Idempotency-Key", "header", false],
    ]);
    const feature = idempotencyKeys();
    expect(
      feature.tool?.(
        { required: true, ttl: undefined, outage: undefined, scope: () => undefined },
        operation("POST"),
      ),
    ).toEqual(idempotencyTool({ required: true, ttl: undefined, outage: undefined }));
  });

  it("names itself and its decorator", async () => {
    expect(idempotentKey.decorator).toBe("@Idempotent");
    const feature = idempotencyKeys({
      store: {
        claim: () => undefined,
        complete: () => undefined,
        release: () => undefined,
      } as never,
    });
    expect(feature.name).toBe("idempotency");
    await expect(Promise.resolve(feature.close?.())).resolves.toBeUndefined();
  });
});
