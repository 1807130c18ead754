import { describe, expect, it } from "vitest";
import { expectConfigError } from "../test-helpers/expect-config-error.js";
import { checkVersion, compareVersions } from "./version-policy.js";

// The order versions are documented and negotiated in, and the check of one `@Version` value.
describe("compareVersions", () => {
  const sign = (a: string, b: string) => Math.sign(compareVersions(a, b));

  it("orders runs of digits by their number, not their characters", () => {
    expect(sign("9", "10")).toBe(-1);
    expect(sign("10", "9")).toBe(1);
    expect(sign("1.2", "1.10")).toBe(-1);
    expect(["10", "2", "1.10", "1.2", "1"].sort(compareVersions)).toEqual([
      "1",
      "1.2",
      "1.10",
      "2",
      "10",
    ]);
  });

  it("orders dates and letters by character, and a shorter prefix first", () => {
    expect(sign("2024-01-15", "2024-06-01")).toBe(-1);
    expect(sign("1", "1.1")).toBe(-1);
    expect(sign("1.1", "1")).toBe(1);
    expect(sign("2b", "2a1")).toBe(1);
    expect(sign("a", "b")).toBe(-1);
    expect(sign("a", "1")).toBe(1);
    expect(sign("1", "a")).toBe(-1);
  });

  it("tells apart numbers written differently and gives 0 only for the same version", () => {
    expect(sign("01", "1")).toBe(-1);
    expect(sign("1", "01")).toBe(1);
    expect(compareVersions("2", "2")).toBe(0);
    expect(compareVersions("2024-06-01", "2024-06-01")).toBe(0);
  });
});

describe("checkVersion", () => {
  it("keeps a version as written and shows the one to write for a leading v", () => {
    expect(checkVersion("2024-06-01", "A.m")).toBe("2024-06-01");
    expectConfigError(() => checkVersion("v2", "A.m"), "INVALID_VERSION", '@Version("2")', "/v2/");
    expectConfigError(() => checkVersion(2, "A.m"), "INVALID_VERSION", "the version 2 is not");
  });
});
