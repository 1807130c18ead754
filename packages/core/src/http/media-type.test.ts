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

  it("reads the essence around spaces, charset only among the parameters, none of multipart's", () => {
    expect(acceptsMediaType("application/json ; charset=utf-8", "application/json")).toBe(true);
    expect(acceptsMediaType(" application/json", "application/json")).toBe(true);
    expect(acceptsMediaType("application/json; version=2", "application/json")).toBe(true);
    expect(
      acceptsMediaType("application/json; version=2; charset=latin1", "application/json"),
    ).toBe(false);
    // A form part's own charset is the multipart parser's business, not the request's.
    expect(
      acceptsMediaType(
        "multipart/form-data; boundary=x; charset=iso-8859-1",
        "multipart/form-data",
      ),
    ).toBe(true);
  });
});
