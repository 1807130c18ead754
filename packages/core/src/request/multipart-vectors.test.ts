import { describe, expect, it } from "vitest";
import { HttpException } from "../errors/http-exception.js";
import { defaultMultipartLimits, type FormPlan } from "../uploads/form-plan.js";
import { parseMultipart } from "./read-multipart.js";
import { readForm } from "./stream-form.js";

// Every body here is read by both form readers, the in-memory one (`parseMultipart`) and the
// streamed one (`readForm`, fed one byte at a time when the body is small, as busboy's suite
// also does), and must come out the same from both.

/** What a reader made of a body: each field's text or file, or the refusal's status. */
type Outcome =
  | { readonly status: number }
  | Record<string, string | { filename: string; type: string; text: string }>;

const plan: FormPlan = { sinks: new Map(), limits: defaultMultipartLimits };
const limit = 1024 * 1024;

async function outcome(read: () => Promise<Record<string, unknown>>): Promise<Outcome> {
  let record: Record<string, unknown>;
  try {
    record = await read();
  } catch (error) {
    if (error instanceof HttpException) return { status: error.status };
    throw error;
  }
  const fields: Record<string, string | { filename: string; type: string; text: string }> = {};
  for (const [name, value] of Object.entries(record)) {
    fields[name] =
      value instanceof File
        ? { filename: value.name, type: value.type, text: await value.text() }
        : (value as string);
  }
  return fields;
}

function streamOf(bytes: Uint8Array): ReadableStream<Uint8Array> {
  const size = bytes.length <= 4096 ? 1 : 997;
  let at = 0;
  return new ReadableStream({
    pull(controller) {
      if (at >= bytes.length) return controller.close();
      controller.enqueue(bytes.slice(at, at + size));
      at += size;
    },
  });
}

/** The one outcome both readers agree on (the test fails where they do not). */
async function readBoth(body: string, boundary: string): Promise<Outcome> {
  const bytes = new Uint8Array(Buffer.from(body));
  const contentType = `multipart/form-data; boundary=${boundary}`;
  const inMemory = await outcome(() => parseMultipart(bytes, contentType, undefined));
  const streamed = await outcome(async () => {
    const form = await readForm(streamOf(bytes), contentType, plan, limit, undefined);
    return form.record;
  });
  expect(streamed).toEqual(inMemory);
  return inMemory;
}

const file = (filename: string, type: string, text: string) => ({ filename, type, text });

describe("both form readers", () => {
  const form = (...parts: string[]) => `${parts.map((part) => `--b\r\n${part}\r\n`).join("")}--b--`;
  const filePart = (disposition: string, type = "Content-Type: text/plain") =>
    `Content-Disposition: form-data; ${disposition}\r\n${type}\r\n\r\nx`;

  it("keep a backslash in a filename as browsers send it (a\\b.txt, raw or escaped)", async () => {
    expect(
      await readBoth(
        form(
          filePart(String.raw`name="raw"; filename="a\b.txt"`),
          filePart(String.raw`name="escaped"; filename="a\\b.txt"`),
          filePart(String.raw`name="windows"; filename="C:\Users\me\a.txt"`),
        ),
        "b",
      ),
    ).toEqual({
      raw: file(String.raw`a\b.txt`, "text/plain", "x"),
      escaped: file(String.raw`a\b.txt`, "text/plain", "x"),
      windows: file(String.raw`C:\Users\me\a.txt`, "text/plain", "x"),
    });
  });

  it("read a name or filename ending in a backslash, and the parts after it", async () => {
    expect(
      await readBoth(
        form(
          filePart(String.raw`name="f"; filename="dir\"`),
          filePart(String.raw`name="g"; filename="dir\\"`),
          'Content-Disposition: form-data; name="h\\"\r\n\r\ntext', // a field's name
        ),
        "b",
      ),
    ).toEqual({
      f: file("dir\\", "text/plain", "x"),
      g: file("dir\\", "text/plain", "x"),
      "h\\": "text",
    });
  });

  it("decode WHATWG's %22, %0D, %0A, prefer filename*, and type an untyped file text/plain", async () => {
    expect(
      await readBoth(
        form(
          filePart('name="a%22b"; filename="%22quoted%22%0D%0A.txt"'),
          filePart("name=euro; filename=\"euro.txt\"; filename*=UTF-8''%E2%82%AC.txt"),
          filePart('name="empty"; filename="e.bin"', "Content-Type: "),
          filePart('name="absent"; filename="a.bin"', "X-Other: 1"),
        ),
        "b",
      ),
    ).toEqual({
      'a"b': file('"quoted"\r\n.txt', "text/plain", "x"),
      euro: file("€.txt", "text/plain", "x"),
      empty: file("e.bin", "text/plain", "x"),
      absent: file("a.bin", "text/plain", "x"),
    });
  });
});

// The header, field-name and filename cases of busboy's multipart test suite
// (mscdex/busboy, test/test-types-multipart.js), rewritten as data: each source body and what
// busboy reports for it (the name, value or filename and type of each part; busboy also reports
// each field's encoding and type, which a Trellis field, a string, does not carry). Its limit
// cases (fieldSize, files: 0, parts, fields, files, "no listener") test busboy's own options, not
// the parsing of a head, and are left out. Where Trellis answers otherwise, `differs` says why.
interface Vector {
  readonly what: string;
  readonly boundary: string;
  readonly lines: readonly string[];
  readonly expected: Outcome;
  readonly differs?: string;
}

const paz = "---------------------------paZqsnEHRufoShdX6fh0lUhXBP4k";
const webkit = "----WebKitFormBoundaryTB2MiQ36fnSJlrhY";
const octets = "Content-Type: application/octet-stream";
const letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";

const vectors: Vector[] = [
  {
    what: "Fields and files",
    boundary: paz,
    lines: [
      `--${paz}`,
      'Content-Disposition: form-data; name="file_name_0"',
      "",
      "super alpha file",
      `--${paz}`,
      'Content-Disposition: form-data; name="file_name_1"',
      "",
      "super beta file",
      `--${paz}`,
      'Content-Disposition: form-data; name="upload_file_0"; filename="1k_a.dat"',
      octets,
      "",
      "A".repeat(1023),
      `--${paz}`,
      'Content-Disposition: form-data; name="upload_file_1"; filename="1k_b.dat"',
      octets,
      "",
      "B".repeat(1023),
      `--${paz}--`,
    ],
    expected: {
      file_name_0: "super alpha file",
      file_name_1: "super beta file",
      upload_file_0: file("1k_a.dat", "application/octet-stream", "A".repeat(1023)),
      upload_file_1: file("1k_b.dat", "application/octet-stream", "B".repeat(1023)),
    },
  },
  {
    what: "Fields only (an unquoted name among quoted ones)",
    boundary: webkit,
    lines: [
      `--${webkit}`,
      'Content-Disposition: form-data; name="cont"',
      "",
      "some random content",
      `--${webkit}`,
      'Content-Disposition: form-data; name="pass"',
      "",
      "some random pass",
      `--${webkit}`,
      "Content-Disposition: form-data; name=bit",
      "",
      "2",
      `--${webkit}--`,
    ],
    expected: { cont: "some random content", pass: "some random pass", bit: "2" },
  },
  {
    what: "No fields and no files (an empty body)",
    boundary: webkit,
    lines: [""],
    expected: { status: 400 }, // busboy: "Unexpected end of form"
  },
  {
    what: "Files with filenames containing paths",
    boundary: paz,
    lines: [
      `--${paz}`,
      'Content-Disposition: form-data; name="upload_file_0"; filename="/tmp/1k_a.dat"',
      octets,
      "",
      letters,
      `--${paz}`,
      String.raw`Content-Disposition: form-data; name="upload_file_1"; filename="C:\files\1k_b.dat"`,
      octets,
      "",
      letters,
      `--${paz}`,
      'Content-Disposition: form-data; name="upload_file_2"; filename="relative/1k_c.dat"',
      octets,
      "",
      letters,
      `--${paz}--`,
    ],
    expected: {
      upload_file_0: file("/tmp/1k_a.dat", "application/octet-stream", letters),
      upload_file_1: file(String.raw`C:\files\1k_b.dat`, "application/octet-stream", letters),
      upload_file_2: file("relative/1k_c.dat", "application/octet-stream", letters),
    },
    differs:
      "busboy cuts each filename to its last path segment (1k_a.dat, 1k_b.dat, 1k_c.dat) unless " +
      "preservePath is set; Trellis keeps the text the client sent, as busboy's preservePath does " +
      "(next vector), and never uses it as a path: a sink stores under its own name.",
  },
  {
    what: "Paths to be preserved through the preservePath option",
    boundary: paz,
    lines: [
      `--${paz}`,
      'Content-Disposition: form-data; name="upload_file_0"; filename="/absolute/1k_a.dat"',
      octets,
      "",
      letters,
      `--${paz}`,
      String.raw`Content-Disposition: form-data; name="upload_file_1"; filename="C:\absolute\1k_b.dat"`,
      octets,
      "",
      letters,
      `--${paz}`,
      'Content-Disposition: form-data; name="upload_file_2"; filename="relative/1k_c.dat"',
      octets,
      "",
      letters,
      `--${paz}--`,
    ],
    expected: {
      upload_file_0: file("/absolute/1k_a.dat", "application/octet-stream", letters),
      upload_file_1: file(String.raw`C:\absolute\1k_b.dat`, "application/octet-stream", letters),
      upload_file_2: file("relative/1k_c.dat", "application/octet-stream", letters),
    },
  },
  {
    what: "Empty content-type and empty content-disposition",
    boundary: webkit,
    lines: [
      `--${webkit}`,
      'Content-Disposition: form-data; name="cont"',
      "Content-Type: ",
      "",
      "some random content",
      `--${webkit}`,
      "Content-Disposition: ",
      "",
      "some random pass",
      `--${webkit}--`,
    ],
    expected: { status: 400 },
    differs:
      'busboy skips the part with the empty disposition and reports only "cont"; Trellis refuses ' +
      "the form (400), as for any part it cannot name, rather than drop what the client sent. " +
      'The first part alone reads as busboy reads it (the "Empty Content-Type" vector below).',
  },
  {
    what: "Empty Content-Type (the first part of the vector above, alone)",
    boundary: webkit,
    lines: [
      `--${webkit}`,
      'Content-Disposition: form-data; name="cont"',
      "Content-Type: ",
      "",
      "some random content",
      `--${webkit}--`,
    ],
    expected: { cont: "some random content" },
  },
  {
    what: "Unicode filenames (filename*)",
    boundary: paz,
    lines: [
      `--${paz}`,
      "Content-Disposition: form-data; name=\"file\"; filename*=utf-8''n%C3%A4me.txt",
      octets,
      "",
      letters,
      `--${paz}--`,
    ],
    expected: { file: file("näme.txt", "application/octet-stream", letters) },
  },
  {
    what: "Stopped mid-header",
    boundary: "asdasdasdasd",
    // busboy's source joins its lines with ":)" instead of CRLF: its head never ends.
    lines: [
      [
        "--asdasdasdasd\r\n",
        "Content-Type: text/plain\r\n",
        'Content-Disposition: form-data; name="foo"\r\n',
        "\r\n",
        "asd\r\n",
        "--asdasdasdasd--",
      ].join(":)"),
    ],
    expected: { status: 400 }, // busboy: "Malformed part header", then "Unexpected end of form"
  },
  {
    what: "content-type for fields",
    boundary: webkit,
    lines: [
      `--${webkit}`,
      'Content-Disposition: form-data; name="cont"',
      "Content-Type: application/json",
      "",
      "{}",
      `--${webkit}--`,
    ],
    expected: { cont: "{}" }, // busboy also reports the field's type, application/json
  },
  {
    what: "empty form",
    boundary: webkit,
    lines: [`--${webkit}--`],
    expected: {},
  },
  {
    what: "Stopped mid-file #1 (an unquoted name, Content-Transfer-Encoding)",
    boundary: paz,
    lines: [
      `--${paz}`,
      'Content-Disposition: form-data; name=upload_file_0; filename="1k_a.dat"',
      octets,
      "Content-Transfer-Encoding: binary",
      "",
      "",
    ],
    expected: { status: 400 },
    differs:
      "busboy hands out the file (empty), then fails it and the form: Unexpected end of form. " +
      "Trellis refuses the form before the handler runs, so no part of a broken form reaches it.",
  },
  {
    what: "Stopped mid-file #2",
    boundary: paz,
    lines: [
      `--${paz}`,
      'Content-Disposition: form-data; name=upload_file_0; filename="1k_a.dat"',
      octets,
      "",
      "a",
    ],
    expected: { status: 400 },
    differs: "as in #1: busboy hands out the file (a) before the error; Trellis refuses the form.",
  },
  {
    what: "Text file with charset",
    boundary: paz,
    lines: [
      `--${paz}`,
      'Content-Disposition: form-data; name="upload_file_0"; filename="notes.txt"',
      "Content-Type: text/plain; charset=utf8",
      "",
      "a",
      `--${paz}--`,
    ],
    expected: { upload_file_0: file("notes.txt", "text/plain", "a") },
  },
  {
    what: "Folded header value",
    boundary: paz,
    lines: [
      `--${paz}`,
      'Content-Disposition: form-data; name="upload_file_0"; filename="notes.txt"',
      "Content-Type: ",
      " text/plain; charset=utf8",
      "",
      "a",
      `--${paz}--`,
    ],
    expected: { status: 400 },
    differs:
      "busboy unfolds the Content-Type (text/plain); Trellis refuses folded header lines, which " +
      "HTTP obsoleted (RFC 9112, section 5.2, lets a recipient reject them) and no browser sends.",
  },
  {
    what: "No Content-Disposition",
    boundary: paz,
    lines: [`--${paz}`, "Content-Type: text/plain; charset=utf8", "", "a", `--${paz}--`],
    expected: { status: 400 },
    differs:
      "busboy skips a part without a form-data disposition (an empty result); Trellis refuses " +
      "the form, as for the empty disposition above.",
  },
  {
    what: "Oversized part header",
    boundary: paz,
    lines: [
      `--${paz}`,
      `Content-Disposition: form-data; name="upload_file_0"; filename="${"a".repeat(64 * 1024)}.txt"`,
      "Content-Type: text/plain; charset=utf8",
      "",
      "ab",
      `--${paz}`,
      'Content-Disposition: form-data; name="upload_file_1"; filename="notes2.txt"',
      "Content-Type: text/plain; charset=utf8",
      "",
      "cd",
      `--${paz}--`,
    ],
    expected: { status: 413 },
    differs:
      'busboy reports "Malformed part header" for the first part and still reads the second; ' +
      "Trellis answers the whole form with a 413 for a part head over its headerSize (16 KiB).",
  },
  {
    what: "Header size limit should be per part",
    boundary: paz,
    lines: [
      `--${paz}`,
      `Content-Disposition: form-data; name="upload_file_0"; filename="${"a".repeat(8 * 1024)}.txt"`,
      "Content-Type: text/plain; charset=utf8",
      "",
      "ab",
      `--${paz}`,
      `Content-Disposition: form-data; name="upload_file_1"; filename="${"b".repeat(8 * 1024)}.txt"`,
      "Content-Type: text/plain; charset=utf8",
      "",
      "cd",
      `--${paz}`,
      `Content-Disposition: form-data; name="upload_file_2"; filename="${"c".repeat(8 * 1024)}.txt"`,
      "Content-Type: text/plain; charset=utf8",
      "",
      "ef",
      `--${paz}--`,
    ],
    expected: {
      upload_file_0: file(`${"a".repeat(8 * 1024)}.txt`, "text/plain", "ab"),
      upload_file_1: file(`${"b".repeat(8 * 1024)}.txt`, "text/plain", "cd"),
      upload_file_2: file(`${"c".repeat(8 * 1024)}.txt`, "text/plain", "ef"),
    },
  },
  {
    what: "Empty part (unquoted name and filename, after an empty preamble)",
    boundary: "d1bf46b3-aa33-4061-b28d-6c5ced8b08ee",
    lines: [
      [
        "\r\n--d1bf46b3-aa33-4061-b28d-6c5ced8b08ee\r\n",
        "Content-Type: application/gzip\r\n" +
          "Content-Encoding: gzip\r\n" +
          "Content-Disposition: form-data; name=batch-1; filename=batch-1\r\n\r\n",
        "\r\n--d1bf46b3-aa33-4061-b28d-6c5ced8b08ee--",
      ].join(""),
    ],
    expected: { "batch-1": file("batch-1", "application/gzip", "") },
  },
];

describe("busboy's multipart vectors", () => {
  for (const vector of vectors) {
    it(vector.what, async () => {
      expect(await readBoth(vector.lines.join("\r\n"), vector.boundary)).toEqual(vector.expected);
    });
  }
});
