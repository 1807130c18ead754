import { describe, expect, it } from "vitest";
import { evaluatePreconditions, hasPreconditions } from "./evaluate-preconditions.js";

// What `this.checkPreconditions` may be given as the current Last-Modified: a Date, milliseconds,
// an HTTP-date, or nothing. Each form must compare as the same second.
const modifiedAt = Date.parse("2026-01-02T00:00:00Z");
const headers = (init: Record<string, string>) => new Headers(init);
const before = "Thu, 01 Jan 2026 00:00:00 GMT";
const at = "Fri, 02 Jan 2026 00:00:00 GMT";

describe("evaluatePreconditions with each form of Last-Modified", () => {
  it("compares a Date, milliseconds and an HTTP-date alike", () => {
    for (const lastModified of [
      new Date(modifiedAt),
      modifiedAt,
      new Date(modifiedAt).toUTCString(),
    ]) {
      const current = { lastModified };
      expect(
        evaluatePreconditions(headers({ "if-unmodified-since": before }), "PUT", current),
      ).toBe("failed");
      expect(evaluatePreconditions(headers({ "if-unmodified-since": at }), "PUT", current)).toBe(
        "proceed",
      );
      expect(evaluatePreconditions(headers({ "if-modified-since": at }), "GET", current)).toBe(
        "not-modified",
      );
      expect(evaluatePreconditions(headers({ "if-modified-since": before }), "GET", current)).toBe(
        "proceed",
      );
    }
  });

  it("ignores date conditions when the representation has no modification time", () => {
    for (const lastModified of [undefined, null, "not a date"]) {
      const current = { etag: '"1"', lastModified };
      expect(
        evaluatePreconditions(headers({ "if-unmodified-since": before }), "PUT", current),
      ).toBe("proceed");
      expect(evaluatePreconditions(headers({ "if-modified-since": at }), "GET", current)).toBe(
        "proceed",
      );
    }
  });

  it("ignores a date header that is not an HTTP-date", () => {
    const current = { lastModified: modifiedAt };
    expect(
      evaluatePreconditions(headers({ "if-unmodified-since": "yesterday" }), "PUT", current),
    ).toBe("proceed");
    expect(
      evaluatePreconditions(headers({ "if-modified-since": "tomorrow" }), "GET", current),
    ).toBe("proceed");
  });

  it("answers If-None-Match with a list but no current tag: the request proceeds", () => {
    const current = { lastModified: modifiedAt };
    expect(evaluatePreconditions(headers({ "if-none-match": '"1"' }), "GET", current)).toBe(
      "proceed",
    );
    expect(evaluatePreconditions(headers({ "if-none-match": '"1"' }), "PUT", current)).toBe(
      "proceed",
    );
  });
});

describe("hasPreconditions", () => {
  it("is true for each precondition header alone, false without any", () => {
    expect(hasPreconditions(headers({}))).toBe(false);
    expect(hasPreconditions(headers({ "cache-control": "no-cache" }))).toBe(false);
    for (const name of ["if-match", "if-none-match", "if-modified-since", "if-unmodified-since"]) {
      expect(hasPreconditions(headers({ [name]: "*" })), name).toBe(true);
    }
  });
});
