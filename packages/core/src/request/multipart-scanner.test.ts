import { describe, expect, it } from "vitest";
import { MultipartFramingError, MultipartScanner } from "./multipart-scanner.js";

interface Scanned {
  parts: { head: string; body: string }[];
  done: boolean;
  carried: number;
}

/** Scans `body` fed in chunks of `size` bytes; the parts as heads and bodies (latin1). */
function scan(body: string, size: number, boundary = "XyZ", maxHead = 1024): Scanned {
  const parts: { head: string; body: string }[] = [];
  const scanner = new MultipartScanner(
    boundary,
    {
      partStart: (head) => parts.push({ head, body: "" }),
      partData: (bytes) => {
        const last = parts[parts.length - 1] as { body: string };
        last.body += Buffer.from(bytes).toString("latin1");
      },
      partEnd: () => {},
    },
    maxHead,
  );
  const bytes = Buffer.from(body, "latin1");
  for (let at = 0; at < bytes.length; at += size) scanner.feed(bytes.subarray(at, at + size));
  scanner.end();
  return { parts, done: scanner.done, carried: scanner.maxCarried };
}

const field = (name: string, value: string) =>
  `--XyZ\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;

const twoParts = `${field("a", "one")}${field("b", "line\r\nwith CRLF and --XyZ-ish \r\n-- text")}--XyZ--\r\n`;

describe("MultipartScanner", () => {
  it("reads the same parts whatever the chunk size, a boundary split across chunks included", () => {
    const whole = scan(twoParts, twoParts.length);
    expect(whole.parts).toEqual([
      { head: 'Content-Disposition: form-data; name="a"', body: "one" },
      {
        head: 'Content-Disposition: form-data; name="b"',
        body: "line\r\nwith CRLF and --XyZ-ish \r\n-- text",
      },
    ]);
    for (const size of [1, 2, 3, 5, 7, 11, 64])
      expect(scan(twoParts, size).parts).toEqual(whole.parts);
  });

  it("ignores a preamble and an epilogue, and takes transport padding after a delimiter", () => {
    const body = `preamble\r\n--XyZ  \t\r\nContent-Disposition: form-data; name=a\r\n\r\nv\r\n--XyZ--epilogue`;
    expect(scan(body, 3).parts).toEqual([
      { head: "Content-Disposition: form-data; name=a", body: "v" },
    ]);
  });

  it("reads a part without headers and a part with an empty body", () => {
    const body =
      "--XyZ\r\n\r\nraw\r\n--XyZ\r\nContent-Disposition: form-data; name=e\r\n\r\n\r\n--XyZ--";
    for (const size of [1, 4, body.length]) {
      expect(scan(body, size).parts).toEqual([
        { head: "", body: "raw" },
        { head: "Content-Disposition: form-data; name=e", body: "" },
      ]);
    }
  });

  it("carries fewer bytes than a delimiter between chunks of a large body, never the body", () => {
    const large = "x".repeat(200_000);
    const body = `${field("f", `${large}\r`)}--XyZ--`;
    const scanned = scan(body, 4096);
    expect(scanned.parts[0]?.body.length).toBe(200_001);
    expect(scanned.carried).toBeLessThan("\r\n--XyZ".length + 64);
  });

  it("refuses a body without a closing delimiter", () => {
    expect(() => scan(field("a", "v"), 5)).toThrow(MultipartFramingError);
    expect(() => scan("no delimiter at all", 5)).toThrow("closing delimiter");
  });

  it("refuses a delimiter followed by anything but padding and CRLF or --", () => {
    expect(() => scan("--XyZ-x\r\n\r\nv\r\n--XyZ--", 2)).toThrow("delimiter line");
    expect(() => scan("--XyZ x\r\n\r\nv\r\n--XyZ--", 2)).toThrow("delimiter line");
    expect(() => scan("--XyZ\n\r\n\r\nv\r\n--XyZ--", 2)).toThrow("delimiter line");
  });

  it("refuses a part head over its limit while it streams, before its end arrives", () => {
    const scanner = new MultipartScanner(
      "XyZ",
      { partStart() {}, partData() {}, partEnd() {} },
      100,
    );
    scanner.feed(Buffer.from("--XyZ\r\nX-Long: "));
    let error: unknown;
    try {
      for (let index = 0; index < 10; index++) scanner.feed(Buffer.from("a".repeat(20)));
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(MultipartFramingError);
    expect((error as MultipartFramingError).reason).toBe("head-too-large");
    expect(scanner.maxCarried).toBeLessThanOrEqual(110);
  });
});
