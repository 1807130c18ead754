import { describe, expect, it } from "vitest";
import { HttpException } from "../errors/http-exception.js";
import { parseMultipart } from "./read-multipart.js";

const contentType = "multipart/form-data; boundary=b";
const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1];

/** A form of one file part under `field`: the filename and declared type given, then `bytes`. */
function form(field: string, filename: string, type: string | null, bytes: number[]): Uint8Array {
  const head =
    `--b\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\n` +
    (type === null ? "" : `Content-Type: ${type}\r\n`);
  return new Uint8Array(
    Buffer.concat([
      Buffer.from(`${head}\r\n`),
      Buffer.from(bytes),
      Buffer.from("\r\n--b\r\nContent-Disposition: form-data; name=t\r\n\r\nx\r\n--b--\r\n"),
    ]),
  );
}

const rules = new Map([["image", ["image/png", "image/jpeg"]]]);

async function refusal(body: Uint8Array): Promise<unknown> {
  try {
    await parseMultipart(body, contentType, rules);
  } catch (error) {
    return error instanceof HttpException ? error.toProblem() : error;
  }
  return undefined;
}

describe("parseMultipart", () => {
  it("types each file by its part's Content-Type, text/plain when it declares none", async () => {
    const declared = await parseMultipart(
      form("f", "x.png", "Text/HTML; charset=x", [60]),
      contentType,
      undefined,
    );
    expect((declared.f as File).type).toBe("text/html");
    expect((declared.f as File).name).toBe("x.png");
    expect(declared.t).toBe("x");
    const untyped = await parseMultipart(form("f", "x.png", null, png), contentType, undefined);
    expect((untyped.f as File).type).toBe("text/plain");
    expect(new Uint8Array(await (untyped.f as File).arrayBuffer())).toEqual(new Uint8Array(png));
  });

  it("checks the bytes of a restricted field's files against their declared type", async () => {
    expect(await refusal(form("image", "a.html", "image/png", png))).toBeUndefined();
    expect(await refusal(form("image", "a.png", "image/jpeg", png))).toMatchObject({
      errors: [
        {
          in: "body",
          path: "/image",
          message: "is declared image/jpeg but its bytes are image/png",
        },
      ],
    });
    expect(await refusal(form("image", "a.png", "image/png", [60, 104]))).toMatchObject({
      errors: [
        { path: "/image", message: "is declared image/png but its bytes are not image/png" },
      ],
    });
    // A type the field does not accept is its schema's to refuse.
    expect(await refusal(form("image", "a.png", "text/html", png))).toBeUndefined();
  });

  it("refuses framing it cannot read part by part as a malformed form", async () => {
    const body = form("f", "x", "a/b", [1]);
    expect(await refusal(body.subarray(0, body.length - 8))).toMatchObject({
      errors: [
        { path: "", message: "is not valid multipart/form-data: it has no closing delimiter" },
      ],
    });
  });
});
