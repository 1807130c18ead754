import { describe, expect, it } from "vitest";
import { HttpException } from "../errors/http-exception.js";
import { multipartBoundary, wholeParts } from "./multipart-parts.js";

const encode = (text: string) => new TextEncoder().encode(text);

describe("multipartBoundary", () => {
  it("reads a token or a quoted boundary, and nothing without one", () => {
    expect(multipartBoundary("multipart/form-data; boundary=abc")).toBe("abc");
    expect(multipartBoundary('multipart/form-data; charset=utf-8; BOUNDARY="a b"')).toBe("a b");
    expect(multipartBoundary("multipart/form-data")).toBeUndefined();
  });
});

describe("wholeParts", () => {
  it("reads each part's head and body in order, past a preamble and transport padding", () => {
    const body = encode(
      "preamble\r\n--b\r\nContent-Disposition: form-data; name=a\r\n\r\ntext\r\n" +
        '--b \r\ncontent-disposition: form-data; name="f"; filename="x.png"\r\nCONTENT-TYPE: Text/HTML; charset=utf-8\r\n\r\n<p>\r\n--b--\r\nepilogue',
    );
    const parts = wholeParts(body, "b").map(({ head, body }) => ({
      ...head,
      body: Buffer.concat(body).toString(),
    }));
    expect(parts).toEqual([
      { name: "a", filename: undefined, contentType: "text/plain", body: "text" },
      { name: "f", filename: "x.png", contentType: "text/html", body: "<p>" },
    ]);
  });

  it("refuses framing or heads it cannot read with the streamed form's answers", () => {
    const refusal = (text: string) => {
      try {
        wholeParts(encode(text), "b");
      } catch (error) {
        return error instanceof HttpException ? [error.status, error.message] : error;
      }
      return undefined;
    };
    const malformed = "The request body is not valid multipart/form-data: it";
    expect(refusal("no delimiter at all")).toEqual([400, `${malformed} has no closing delimiter.`]);
    expect(refusal("--b\r\nContent-Disposition: form-data; name=a\r\n\r\nnever closed")).toEqual([
      400,
      `${malformed} has no closing delimiter.`,
    ]);
    expect(refusal("--bx\r\n\r\n\r\n--b--")).toEqual([
      400,
      `${malformed} has a malformed delimiter line.`,
    ]);
    expect(refusal("--b\r\n\r\nno headers\r\n--b--")).toEqual([
      400,
      "The request body has a part without a form-data name.",
    ]);
    expect(
      refusal(
        `--b\r\nContent-Disposition: form-data; name="${"a".repeat(16 * 1024)}"\r\n\r\n\r\n--b--`,
      ),
    ).toEqual([413, "The request body has a part head over 16384 bytes."]);
  });
});
