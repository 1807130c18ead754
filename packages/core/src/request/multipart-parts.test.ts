import { describe, expect, it } from "vitest";
import { multipartBoundary, partContentTypes } from "./multipart-parts.js";

const encode = (text: string) => new TextEncoder().encode(text);

describe("multipartBoundary", () => {
  it("reads a token or a quoted boundary, and nothing without one", () => {
    expect(multipartBoundary("multipart/form-data; boundary=abc")).toBe("abc");
    expect(multipartBoundary('multipart/form-data; charset=utf-8; BOUNDARY="a b"')).toBe("a b");
    expect(multipartBoundary("multipart/form-data")).toBeUndefined();
  });
});

describe("partContentTypes", () => {
  it("lists each part's declared type in order, undefined where it declares none", () => {
    const body = encode(
      "preamble\r\n--b\r\nContent-Disposition: form-data; name=a\r\n\r\ntext\r\n" +
        '--b \r\ncontent-disposition: form-data; name="f"; filename="x.png"\r\nCONTENT-TYPE: Text/HTML; charset=utf-8\r\n\r\n<p>\r\n--b\r\n' +
        "\r\nno headers\r\n--b--\r\nepilogue",
    );
    expect(partContentTypes(body, "b")).toEqual([undefined, "text/html", undefined]);
  });

  it("answers undefined for framing it cannot read", () => {
    for (const text of [
      "no delimiter at all",
      "--b\r\nContent-Type: a/b\r\n\r\nnever closed",
      "--b\r\nContent-Type: a/b", // a head that never ends
      "--bx\r\n\r\n\r\n--b--",
      "x--b\r\n\r\nbody\r\n--b--", // a first delimiter that does not start a line
    ]) {
      expect(partContentTypes(encode(text), "b"), text).toBeUndefined();
    }
  });
});
