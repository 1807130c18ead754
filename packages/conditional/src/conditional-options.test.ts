import { TrellisConfigError } from "@trellis/core";
import { describe, expect, it } from "vitest";
import { appConditional, checkConditional } from "./conditional-policy.js";
import { conditionalRequests } from "./conditional-requests.js";

// Each refusal is a startup error naming where the options came from; each accepted value plans
// exactly what it says. A check loosened by one operator lets a typo through to a route silently.
const refuses = (run: () => unknown, ...parts: string[]) => {
  let thrown: unknown;
  try {
    run();
  } catch (error) {
    thrown = error;
  }
  expect(thrown).toBeInstanceOf(TrellisConfigError);
  expect((thrown as TrellisConfigError).code).toBe("INVALID_CONDITIONAL");
  for (const part of parts) expect((thrown as Error).message).toContain(part);
};

describe("checkConditional (the options of @Conditional)", () => {
  it("plans the defaults and each accepted value as given", () => {
    expect(checkConditional({}, "A.read")).toEqual({ etag: "strong", requireIfMatch: false });
    expect(checkConditional({ etag: "weak" }, "A.read")).toEqual({
      etag: "weak",
      requireIfMatch: false,
    });
    expect(checkConditional({ etag: false, requireIfMatch: true }, "A.read")).toEqual({
      etag: false,
      requireIfMatch: true,
    });
  });

  it("refuses what is not an options object", () => {
    for (const value of [null, 1, "strong", true]) {
      refuses(() => checkConditional(value, "A.read"), "A.read", "@Conditional takes");
    }
  });

  it("refuses unknown options, naming them", () => {
    refuses(() => checkConditional({ etag: "weak", ttl: 5 }, "A.read"), "A.read", "ttl");
    refuses(() => checkConditional({ requireIfmatch: true }, "A.read"), "requireIfmatch");
  });

  it("refuses a requireIfMatch that is not a boolean", () => {
    for (const requireIfMatch of ["yes", 1, null]) {
      refuses(() => checkConditional({ requireIfMatch }, "A.write"), "A.write", "requireIfMatch");
    }
  });
});

describe("appConditional (the options of conditionalRequests)", () => {
  it("gives no app-wide default without options or without etag", () => {
    expect(appConditional(undefined, "conditionalRequests")).toBeUndefined();
    expect(appConditional({}, "conditionalRequests")).toBeUndefined();
  });

  it("keeps the etag it is given", () => {
    expect(appConditional({ etag: "weak" }, "conditionalRequests")).toEqual({ etag: "weak" });
    expect(appConditional({ etag: "strong" }, "conditionalRequests")).toEqual({ etag: "strong" });
  });

  it("refuses what is not { etag?: 'strong' | 'weak' }, requireIfMatch included", () => {
    for (const value of [
      null,
      "weak",
      3,
      { etag: false },
      { etag: "medium" },
      { requireIfMatch: true },
    ]) {
      refuses(
        () => appConditional(value, "conditionalRequests"),
        "conditionalRequests",
        "requireIfMatch belongs on @Conditional",
      );
    }
    refuses(() => conditionalRequests({ etag: "x" } as never), "conditionalRequests");
  });
});
