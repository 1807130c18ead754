import { describe, expect, it } from "vitest";
import { parseIdempotencyKey } from "./idempotency-key.js";
import { requestFingerprint } from "./request-fingerprint.js";

describe("parseIdempotencyKey", () => {
  it("reads a structured-field String and a bare token as the same key", () => {
    expect(parseIdempotencyKey('"8e03978e-40d5-43e8-bc93-6894a57f9324"')).toBe(
      "8e03978e-40d5-43e8-bc93-6894a57f9324",
    );
    expect(parseIdempotencyKey("8e03978e-40d5-43e8-bc93-6894a57f9324")).toBe(
      "8e03978e-40d5-43e8-bc93-6894a57f9324",
    );
    expect(parseIdempotencyKey('"a \\"quoted\\" \\\\ key"')).toBe('a "quoted" \\ key');
  });

  it("refuses empty, too long, unterminated, listed or non-ASCII values", () => {
    for (const bad of [
      '""',
      "",
      `"${"x".repeat(256)}"`,
      '"open',
      "a, b",
      "a;b",
      '"é"',
      "tab\tkey",
    ]) {
      expect(parseIdempotencyKey(bad), bad).toBeUndefined();
    }
    expect(parseIdempotencyKey(`"${"x".repeat(255)}"`)).toHaveLength(255);
  });
});

describe("requestFingerprint", () => {
  const post = (body: string, type = "application/json", path = "/p") =>
    new Request(`http://test.local${path}`, {
      method: "POST",
      headers: { "content-type": type },
      body,
    });

  it("tells payloads apart by body, media type and target, and leaves the body readable", async () => {
    const same = await requestFingerprint(post('{"a":1}'), 100);
    expect(await requestFingerprint(post('{"a":1}'), 100)).toBe(same);
    expect(await requestFingerprint(post('{"a":2}'), 100)).not.toBe(same);
    expect(await requestFingerprint(post('{"a":1}', "text/plain"), 100)).not.toBe(same);
    expect(await requestFingerprint(post('{"a":1}', undefined, "/p?x=1"), 100)).not.toBe(same);
    const request = post('{"a":1}');
    await requestFingerprint(request, 100);
    expect(await request.text()).toBe('{"a":1}');
  });

  it("gives up on a body over the limit", async () => {
    expect(await requestFingerprint(post("x".repeat(101)), 100)).toBeUndefined();
  });
});
