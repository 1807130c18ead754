import { describe, expect, it } from "vitest";
import { bodyReadFailure } from "../request/read-body.js";
import { BadRequestException } from "./http-exceptions.js";
import { withoutStack } from "./without-stack.js";

// A captured stack lists frames as lines starting with "at ".
const hasFrames = (error: Error) => /\n\s+at /.test(error.stack ?? "");

describe("withoutStack", () => {
  it("makes the error without stack frames and restores the limit", () => {
    const before = Error.stackTraceLimit;
    const error = withoutStack(() => new BadRequestException("bad"));
    expect(error).toBeInstanceOf(BadRequestException);
    expect(hasFrames(error)).toBe(false);
    expect(Error.stackTraceLimit).toBe(before);
    expect(hasFrames(new Error("with frames"))).toBe(true);
  });

  it("restores the limit when making the error throws", () => {
    const before = Error.stackTraceLimit;
    expect(() =>
      withoutStack(() => {
        throw new TypeError("broken factory");
      }),
    ).toThrow("broken factory");
    expect(Error.stackTraceLimit).toBe(before);
  });

  it("serves the 400 for a body the client broke off", () => {
    const failure = bodyReadFailure(new Error("socket closed"));
    expect(failure.status).toBe(400);
    expect(hasFrames(failure)).toBe(false);
  });
});
