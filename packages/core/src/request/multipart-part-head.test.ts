import { describe, expect, it } from "vitest";
import { readPartHead } from "./multipart-part-head.js";

// Disposition parameters after `form-data; `, as they are on the wire (String.raw: one `\` is one
// backslash byte).
const head = (parameters: string, ...lines: string[]) =>
  [`Content-Disposition: form-data; ${parameters}`, ...lines].join("\r\n");

describe("readPartHead", () => {
  it('reads quoted strings: \\\\ is a backslash, \\" a quote, any other backslash is kept', () => {
    const cases: [wire: string, filename: string][] = [
      [String.raw`filename="a\b.txt"`, String.raw`a\b.txt`], // Chromium's a\b.txt, sent raw
      [String.raw`filename="a\\b.txt"`, String.raw`a\b.txt`], // the same name, escaped
      [String.raw`filename="C:\files\1k.dat"`, String.raw`C:\files\1k.dat`],
      [String.raw`filename="say \"hi\".txt"`, 'say "hi".txt'],
      [String.raw`filename="quote\""`, 'quote"'], // an escaped quote, then the closing one
      [String.raw`filename="dir\"`, "dir\\"], // a browser's name ending in a backslash
      [String.raw`filename="dir\" ; x=y`, "dir\\"], // the same, before another parameter
      [String.raw`filename="dir\\"`, "dir\\"], // the same name, escaped
      [String.raw`filename="\\\"`, "\\\\"], // escaped backslash, then a raw one closing
    ];
    for (const [wire, filename] of cases) {
      expect(readPartHead(head(`name="f"; ${wire}`))?.filename, wire).toBe(filename);
    }
    // A name ending in a backslash, followed by its filename (Chromium's order).
    expect(readPartHead(head(String.raw`name="x\"; filename="y"`))).toMatchObject({
      name: "x\\",
      filename: "y",
    });
  });

  it("decodes WHATWG's %22, %0D and %0A in names and filenames, and no other escape", () => {
    expect(readPartHead(head('name="a%22b%0d%0Ac"; filename="%22q%22 100%25.txt"'))).toEqual({
      name: 'a"b\r\nc',
      filename: '"q" 100%25.txt',
      contentType: "text/plain",
    });
  });

  it("prefers a readable filename* (RFC 5987) over filename, else falls back", () => {
    const name = (parameters: string) => readPartHead(head(`name=f; ${parameters}`))?.filename;
    expect(name("filename=\"euro.txt\"; filename*=UTF-8''%E2%82%AC.txt")).toBe("€.txt");
    expect(name("filename*=utf-8'en'n%C3%A4me.txt; filename=name.txt")).toBe("näme.txt");
    expect(name("filename*=iso-8859-1''n%E4me.txt")).toBe("näme.txt");
    // Not UTF-8, an unknown charset, no charset: filename is used; without one, no head at all.
    expect(name("filename*=UTF-8''%E4.txt; filename=plain.txt")).toBe("plain.txt");
    expect(name("filename*=koi8-r''%E4.txt; filename=plain.txt")).toBe("plain.txt");
    expect(name("filename*=%E4.txt; filename=plain.txt")).toBe("plain.txt");
    expect(readPartHead(head("name=f; filename*=UTF-8''%E4.txt"))).toBeUndefined();
  });

  it("types a part text/plain when its Content-Type is absent or empty", () => {
    for (const lines of [[], ["Content-Type: "], ["Content-Type:"], ["Content-Type: ; x=y"]]) {
      expect(readPartHead(head('name="f"; filename="a"', ...lines))?.contentType).toBe(
        "text/plain",
      );
    }
    expect(
      readPartHead(head("name=f", "content-type: Image/PNG; q=1", "Content-Type: a/b"))
        ?.contentType,
    ).toBe("image/png");
  });

  it("keeps the first of a repeated parameter and header, case-insensitively", () => {
    expect(
      readPartHead(
        ["content-disposition: Form-Data; NAME=a; name=b", "Content-Disposition: x"].join("\r\n"),
      ),
    ).toEqual({ name: "a", filename: undefined, contentType: "text/plain" });
  });

  it("refuses heads it cannot read", () => {
    for (const text of [
      "",
      "Content-Type: text/plain",
      "Content-Disposition: attachment; name=a",
      "Content-Disposition: form-data",
      "Content-Disposition: form-data; filename=a",
      'Content-Disposition: form-data; name="a',
      'Content-Disposition: form-data; name="a"b',
      "Content-Disposition: form-data; name=a;",
      "Content-Disposition: form-data; name",
      'Content-Disposition: form-data; name="a"\r\n folded: onto it',
      'Content-Disposition: form-data; name="a"\r\nno colon',
    ]) {
      expect(readPartHead(text), text).toBeUndefined();
    }
  });
});

describe("readPartHead at the edges of its grammar", () => {
  const read = (...lines: string[]) => readPartHead(lines.join("\r\n"));

  it("needs a ; before each parameter and an = after each key", () => {
    expect(read('Content-Disposition: form-data; name="a"xfilename="f"')).toBeUndefined();
    expect(read('Content-Disposition: form-data; name"a"; filename="f"')).toBeUndefined();
    expect(read('Content-Disposition: form-data ; name="a"')?.name).toBe("a");
  });

  it("refuses a line without a name before its colon or folded with a tab", () => {
    expect(read('Content-Disposition: form-data; name="a"', ": x")).toBeUndefined();
    expect(read('Content-Disposition: form-data; name="a"', "\tfolded: x")).toBeUndefined();
    expect(read('Content-Disposition : form-data; name="a"')?.name).toBe("a");
  });

  it("reads filename* in ISO-8859-1 and UTF-8 under either name, and no other charset", () => {
    const filename = (extended: string) =>
      read(`Content-Disposition: form-data; name="a"; filename*=${extended}; filename="plain"`)
        ?.filename;
    expect(filename("latin1''caf%E9")).toBe("café");
    expect(filename("iso-8859-1''caf%E9")).toBe("café");
    expect(filename("utf8''caf%C3%A9")).toBe("café");
    expect(filename("UTF-8''caf%C3%A9")).toBe("café");
    expect(filename("koi8-r''x")).toBe("plain");
    expect(filename("utf-8''%FF")).toBe("plain");
  });

  it("reads the media type before its parameters, whatever the spacing", () => {
    const head = read(
      'Content-Disposition: form-data; name="a"',
      "Content-Type: Text/Plain ; charset=x",
    );
    expect(head?.contentType).toBe("text/plain");
  });
});
