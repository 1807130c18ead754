import { describe, expect, it, vi } from "vitest";
import { maxIssues } from "../request/request-inputs.js";
import { validationExceptionIssue } from "./never-throws.js";
import type { SchemaAdapter, ValidationResult, Validator } from "./schema-adapter.js";
import { defaultUnknownProperties, maxReportedIssues, SchemaCompiler } from "./schema-compiler.js";
import { unknownPropertyIssue } from "./unknown-property-issue.js";

const optionalString = { optional: true };
const requiredString = { optional: false };

/** An adapter whose validators count their calls; `acceptsMissing` only when asked for. */
function countingAdapter(withAcceptsMissing: boolean) {
  const runs = vi.fn();
  const adapter: SchemaAdapter = {
    name: "counting",
    isSchema: () => true,
    compile: (schema): Validator => {
      const { optional } = schema as { optional: boolean };
      return (input) => {
        runs(input);
        return input === undefined && !optional
          ? { ok: false, issues: [{ path: [], message: "is required" }] }
          : { ok: true, value: input };
      };
    },
    toJsonSchema: () => ({}),
  };
  if (withAcceptsMissing) {
    adapter.acceptsMissing = (schema) => (schema as { optional: boolean }).optional;
  }
  return { adapter, runs };
}

describe("SchemaCompiler", () => {
  it("compiles a schema once per target and policy", () => {
    const { adapter } = countingAdapter(false);
    const compile = vi.spyOn(adapter, "compile");
    const compiler = new SchemaCompiler(adapter);
    const first = compiler.compile(optionalString, "body", "A.b");
    expect(compiler.compile(optionalString, "body", "A.c")).toBe(first);
    expect(compiler.compile(optionalString, "query", "A.b")).not.toBe(first);
    expect(compiler.compile(optionalString, "body", "A.b", "keep")).not.toBe(first);
    expect(compile).toHaveBeenCalledTimes(3);
  });

  it("resolves the unknown-property policy: the binding's, else the adapter's, else strip", () => {
    const { adapter } = countingAdapter(false);
    const compile = vi.spyOn(adapter, "compile");
    const compiler = new SchemaCompiler(adapter);
    compiler.compile(optionalString, "body", "A.b");
    compiler.compile(optionalString, "body", "A.b", "strip"); // the same policy: the same validator
    compiler.compile(optionalString, "response", "A.b", "keep");
    const rejecting = new SchemaCompiler({ ...adapter, unknownProperties: "reject" });
    rejecting.compile(optionalString, "query", "A.b");
    rejecting.compile(optionalString, "query", "A.b", "keep");
    expect(
      compile.mock.calls.map(([, { target, unknownProperties }]) => [target, unknownProperties]),
    ).toEqual([
      ["body", defaultUnknownProperties],
      ["response", "keep"],
      ["query", "reject"],
      ["query", "keep"],
    ]);
    expect(defaultUnknownProperties).toBe("strip");
  });

  it("hands every adapter core's one unknown-property issue", () => {
    const { adapter } = countingAdapter(false);
    const compile = vi.spyOn(adapter, "compile");
    new SchemaCompiler(adapter).compile(optionalString, "body", "A.b", "reject");
    const options = compile.mock.calls[0]?.[1];
    expect(options?.unknownPropertyIssue).toBe(unknownPropertyIssue);
    expect(options?.unknownPropertyIssue(["lead", "k0"])).toEqual({
      path: ["lead", "k0"],
      message: 'Unknown property "k0"',
      code: "unknown_property",
    });
  });

  it("tells the adapter how many issues core reports at most: the cap of request inputs", () => {
    const { adapter } = countingAdapter(false);
    const compile = vi.spyOn(adapter, "compile");
    const acceptsMissing = vi.fn(() => true);
    adapter.acceptsMissing = acceptsMissing;
    new SchemaCompiler(adapter).acceptsMissing(optionalString, "query", "A.b");
    expect(maxReportedIssues).toBe(maxIssues);
    expect(compile).toHaveBeenCalledWith(optionalString, expect.objectContaining({ maxIssues }));
    expect(acceptsMissing).toHaveBeenCalledWith(
      optionalString,
      expect.objectContaining({ maxIssues }),
    );
  });

  it("turns a throwing validator into one validation_exception issue that says nothing of it", () => {
    const success = { ok: true as const, value: "fine" };
    const adapter: SchemaAdapter = {
      name: "throwing",
      isSchema: () => true,
      compile: () => (input) => {
        if (input === "boom") throw new Error("secret at /srv/app.ts:12");
        return success;
      },
      toJsonSchema: () => ({}),
    };
    const validate = new SchemaCompiler(adapter).compile({}, "body", "A.b");
    expect(validate("fine")).toBe(success); // passed through as it is: no copy
    const result = validate("boom") as ValidationResult;
    expect(result).toEqual({
      ok: false,
      issues: [{ path: [], message: "Input could not be validated", code: "validation_exception" }],
    });
    expect(JSON.stringify(result)).not.toMatch(/secret|Error|srv/);
    expect(result.ok ? undefined : result.issues[0]).toBe(validationExceptionIssue);
  });

  it("probes a validator with a missing value once, however many routes ask", () => {
    const { adapter, runs } = countingAdapter(false);
    const compiler = new SchemaCompiler(adapter);
    for (let index = 0; index < 5; index++) {
      expect(compiler.acceptsMissing(optionalString, "body", "A.b")).toBe(true);
      expect(compiler.acceptsMissing(requiredString, "body", "A.b")).toBe(false);
    }
    expect(runs).toHaveBeenCalledTimes(2);
  });

  it("asks the adapter's acceptsMissing instead of running the validator when it has one", () => {
    const { adapter, runs } = countingAdapter(true);
    const compiler = new SchemaCompiler(adapter);
    expect(compiler.acceptsMissing(optionalString, "query", "A.b")).toBe(true);
    expect(compiler.acceptsMissing(requiredString, "query", "A.b")).toBe(false);
    expect(runs).not.toHaveBeenCalled();
  });

  it("treats an adapter that throws while answering as requiring the value", () => {
    const { adapter } = countingAdapter(true);
    adapter.acceptsMissing = () => {
      throw new Error("no");
    };
    expect(new SchemaCompiler(adapter).acceptsMissing(optionalString, "body", "A.b")).toBe(false);
  });
});
