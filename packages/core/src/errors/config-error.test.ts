import { describe, expect, it } from "vitest";
import { defineConfigErrors, formatTemplate } from "./config-error.js";
import { configError } from "./core-config-error.js";
import { configErrors } from "./error-codes.js";
import { TrellisConfigError } from "./trellis-config-error.js";

describe("configError", () => {
  it("makes every code's error from its template, so one code always reads one way", () => {
    for (const [code, entry] of Object.entries(configErrors)) {
      const slots = entry.message.split("%s").length - 1;
      const args = Array.from({ length: slots }, (_, index) => `<${index}>`);
      const error = configError(code as keyof typeof configErrors, args as never);
      expect(error).toBeInstanceOf(TrellisConfigError);
      expect(error.code).toBe(code);
      let expected: string = entry.message;
      for (const arg of args) expected = expected.replace("%s", arg);
      expect(error.message, code).toBe(`[${code}] ${expected}`);
    }
  });

  it("keeps the cause, and fills numbers as written", () => {
    const cause = new Error("disk full");
    const error = configError("PROVIDER_FAILED", ["Store", cause.message], { cause });
    expect(error.cause).toBe(cause);
    expect(error.message).toBe("[PROVIDER_FAILED] Store threw: disk full");
    expect(configError("NOT_A_MODULE", ["App", 2, "42"]).message).toContain("App imports[2]");
  });

  it("refuses a count of arguments its template does not take, in types and at run time", () => {
    // @ts-expect-error DUPLICATE_ROUTE takes two arguments.
    expect(() => configError("DUPLICATE_ROUTE", ["A.b"])).toThrow("takes 2 arguments, got 1");
    // @ts-expect-error NOT_AN_APP takes none.
    expect(() => configError("NOT_AN_APP", ["x"])).toThrow("takes 0 arguments, got 1");
    expect(formatTemplate("%s and %s", ["a", 1])).toBe("a and 1");
    expect(formatTemplate("no slot", [])).toBe("no slot");
  });

  it("gives a feature package a factory of its own codes only", () => {
    const mine = defineConfigErrors({
      INVALID_OPTION: { meaning: "reused for the test", message: "mine: %s" },
    });
    expect(mine("INVALID_OPTION", ["x"]).message).toBe("[INVALID_OPTION] mine: x");
    // @ts-expect-error DUPLICATE_ROUTE is not in this registry.
    expect(() => mine("DUPLICATE_ROUTE", ["a", "b"])).toThrow("is not a code of this registry");
  });
});
