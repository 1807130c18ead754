import { describe, expect, it } from "vitest";
import { evaluatePreconditions } from "./evaluate-preconditions.js";

const at = (iso: string) => new Date(iso).toUTCString();
const current = { etag: '"v2"', lastModified: new Date("2026-01-02T00:00:00Z") };
const evaluate = (
  method: string,
  headers: Record<string, string>,
  resource: typeof current | { etag?: string } | "missing" = current,
) =>
  evaluatePreconditions(
    new Headers(headers),
    method,
    resource === "missing" ? undefined : resource,
  );

describe("evaluatePreconditions (RFC 9110 section 13.2.2)", () => {
  it("proceeds without preconditions", () => {
    expect(evaluate("GET", {})).toBe("proceed");
    expect(evaluate("PUT", {})).toBe("proceed");
  });

  it("If-Match: strong comparison, * for any current representation, 412 otherwise", () => {
    expect(evaluate("PUT", { "if-match": '"v2"' })).toBe("proceed");
    expect(evaluate("PUT", { "if-match": '"v1", "v2"' })).toBe("proceed");
    expect(evaluate("PUT", { "if-match": '"v1"' })).toBe("failed");
    expect(evaluate("PUT", { "if-match": 'W/"v2"' })).toBe("failed");
    expect(evaluate("PUT", { "if-match": '"v2"' }, { etag: 'W/"v2"' })).toBe("failed");
    expect(evaluate("PUT", { "if-match": "*" })).toBe("proceed");
    expect(evaluate("PUT", { "if-match": "*" }, "missing")).toBe("failed");
    expect(evaluate("PUT", { "if-match": '"v2"' }, {})).toBe("failed");
    expect(evaluate("PUT", { "if-match": "garbage" })).toBe("failed");
    // On GET too: a failed If-Match is a 412, never a 304.
    expect(evaluate("GET", { "if-match": '"v1"', "if-none-match": '"v2"' })).toBe("failed");
  });

  it("If-Unmodified-Since only without If-Match, and only with a valid date", () => {
    expect(evaluate("PUT", { "if-unmodified-since": at("2026-01-01T00:00:00Z") })).toBe("failed");
    expect(evaluate("PUT", { "if-unmodified-since": at("2026-01-02T00:00:00Z") })).toBe("proceed");
    expect(
      evaluate("PUT", { "if-match": '"v2"', "if-unmodified-since": at("2026-01-01T00:00:00Z") }),
    ).toBe("proceed");
    expect(evaluate("PUT", { "if-unmodified-since": "yesterday" })).toBe("proceed");
    expect(evaluate("PUT", { "if-unmodified-since": at("2025-01-01") }, { etag: '"v2"' })).toBe(
      "proceed",
    );
  });

  it("If-None-Match: weak comparison; 304 on GET and HEAD, 412 on other methods", () => {
    expect(evaluate("GET", { "if-none-match": '"v2"' })).toBe("not-modified");
    expect(evaluate("HEAD", { "if-none-match": 'W/"v2"' })).toBe("not-modified");
    expect(evaluate("GET", { "if-none-match": '"v1", W/"v2"' })).toBe("not-modified");
    expect(evaluate("GET", { "if-none-match": '"v1"' })).toBe("proceed");
    expect(evaluate("GET", { "if-none-match": "*" })).toBe("not-modified");
    expect(evaluate("PUT", { "if-none-match": '"v2"' })).toBe("failed");
    expect(evaluate("DELETE", { "if-none-match": "*" })).toBe("failed");
    // "*" on a missing resource: create only if absent.
    expect(evaluate("PUT", { "if-none-match": "*" }, "missing")).toBe("proceed");
  });

  it("If-Modified-Since: GET and HEAD only, ignored with If-None-Match", () => {
    const since = { "if-modified-since": at("2026-01-02T00:00:00Z") };
    expect(evaluate("GET", since)).toBe("not-modified");
    expect(evaluate("HEAD", since)).toBe("not-modified");
    expect(evaluate("GET", { "if-modified-since": at("2026-01-01T00:00:00Z") })).toBe("proceed");
    expect(evaluate("POST", since)).toBe("proceed");
    expect(evaluate("GET", { ...since, "if-none-match": '"v1"' })).toBe("proceed");
    expect(evaluate("GET", { "if-modified-since": "not a date" })).toBe("proceed");
    // Whole seconds: a sub-second later modification is the same second.
    const precise = { etag: '"v2"', lastModified: new Date("2026-01-02T00:00:00.900Z") };
    expect(evaluate("GET", since, precise)).toBe("not-modified");
  });
});
