import { describe, expect, test } from "vitest";
import { judgeTally, parseTally } from "./expectations.js";

const clean = {
  "sent list": 10,
  "status list 200": 10,
  "sent get_known": 5,
  "status get_known 200": 4,
  "sent get_unknown": 3,
  "status get_unknown 404": 3,
  "sent post_valid": 6,
  "status post_valid 201": 2,
  "status post_valid 409": 4,
  "sent post_invalid": 2,
  "status post_invalid 400": 2,
  "sent post_malformed": 1,
  "status post_malformed 400": 1,
  "error connect": 0,
  "error read": 0,
  "error write": 0,
  "error timeout": 0,
  "error status": 10,
  requests: 26,
};

describe("parseTally", () => {
  test("reads the SOAK line among wrk's own output", () => {
    expect(
      parseTally(`Running 1s test\nSOAK {"sent list":3,"requests":3}\nRequests/sec: 3`),
    ).toEqual({
      "sent list": 3,
      requests: 3,
    });
  });

  test("says so when the line is missing", () => {
    expect(() => parseTally("Running 1s test")).toThrow(/no SOAK line/);
  });
});

describe("judgeTally", () => {
  test("passes a clean run; one request in flight per connection is not a problem", () => {
    const verdict = judgeTally(clean, 4);
    expect(verdict.problems).toEqual([]);
    expect(verdict.rows.find((row) => row.kind === "get_known")).toMatchObject({
      sent: 5,
      unanswered: 1,
    });
    expect(verdict.rows.find((row) => row.kind === "post_valid")?.statuses).toEqual({
      "201": 2,
      "409": 4,
    });
  });

  test("fails on a status outside the kind's set (a 500, or a 200 for a malformed body)", () => {
    const verdict = judgeTally(
      { ...clean, "status post_malformed 500": 1, "status post_invalid 201": 2 },
      4,
    );
    expect(verdict.unexpected).toBe(3);
    expect(verdict.problems).toHaveLength(2);
  });

  test("fails on socket errors and on unattributed responses", () => {
    const verdict = judgeTally({ ...clean, "error timeout": 2, "status unattributed 200": 1 }, 4);
    expect(verdict.problems.join("\n")).toMatch(/socket errors/);
    expect(verdict.problems.join("\n")).toMatch(/not tied to a request kind/);
  });

  test("fails when more requests went unanswered than there are connections", () => {
    expect(judgeTally({ ...clean, "sent list": 20 }, 4).problems.join("\n")).toMatch(
      /list: 10 requests unanswered/,
    );
  });
});
