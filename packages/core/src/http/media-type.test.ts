import { describe, expect, it } from "vitest";
import { acceptsMediaType } from "./media-type.js";

describe("acceptsMediaType", () => {
  it("accepts JSON and any +json type, with a UTF-8 charset", () => {
    for (const header of [
      "application/json",
      "Application/JSON",
      "application/json; charset=utf-8",
      'application/json;charset="UTF-8"',
      "application/problem+json",
      "application/vnd.api+json; charset=utf8",
    ]) {
      expect(acceptsMediaType(header, "application/json"), header).toBe(true);
    }
    for (const header of [
      "text/plain",
      "application/jsonx",
      "application/json; charset=latin1",
      "+json",
      "text/json+xml",
      "",
    ]) {
      expect(acceptsMediaType(header, "application/json"), header).toBe(false);
    }
  });

  it("matches forms exactly", () => {
    expect(
      acceptsMediaType(
        "application/x-www-form-urlencoded;charset=UTF-8",
        "application/x-www-form-urlencoded",
      ),
    ).toBe(true);
    expect(acceptsMediaType("multipart/form-data; boundary=x", "multipart/form-data")).toBe(true);
    expect(acceptsMediaType("application/json", "multipart/form-data")).toBe(false);
  });
});
