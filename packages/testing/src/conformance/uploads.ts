import { Body, BodyLimit, createApp, Post, Route, type SchemaAdapter } from "@trellis/core";
import { describe, expect, it } from "vitest";

// The multipart part of the conformance suite: every adapter's `upload` fixture (fixtures.ts)
// behind one real route, the same requests, the same answers and the same document.

/** What the route answers for a file: enough to see it arrived whole. */
const describeFile = (file: unknown) =>
  file instanceof Blob
    ? { kind: "file", size: file.size, type: file.type, name: (file as File).name }
    : { kind: typeof file };

/** The route's body limit: larger than any valid upload below, smaller than the 413 case. */
const routeLimit = 8 * 1024;

function uploadApp(adapter: SchemaAdapter, schema: unknown, version: "3.0" | "3.1" | "3.2") {
  @Route("/uploads")
  class UploadController {
    @Post()
    @BodyLimit(routeLimit)
    upload(@Body(schema, { contentType: "multipart/form-data" }) input: Record<string, unknown>) {
      const attachments = input.attachments;
      return {
        title: input.title,
        count: input.count,
        avatar: describeFile(input.avatar),
        attachments: Array.isArray(attachments) ? attachments.map(describeFile) : attachments,
      };
    }
  }
  return createApp({ schema: adapter, controllers: [UploadController], openapi: { version } });
}

// Uploads of a restricted type are checked by their first bytes: the files start with them.
const signatures: Record<string, readonly number[]> = {
  "image/png": [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
  "image/jpeg": [0xff, 0xd8, 0xff, 0xe0],
  "image/gif": [0x47, 0x49, 0x46, 0x38, 0x39, 0x61],
};

/** `size` bytes declared as `type`: its signature, if it has one, then filler. */
function file(size: number, type: string, name = "file.bin", bytesOf = type): File {
  const bytes = new Uint8Array(size).fill(0x61);
  bytes.set((signatures[bytesOf] ?? []).slice(0, size));
  return new File([bytes], name, { type });
}
const png = (size = 100) => file(size, "image/png", "avatar.png");

/** A form with valid fields, changed by `edit` (set, delete or append what a case probes). */
function form(edit: (data: FormData) => void = () => {}): FormData {
  const data = new FormData();
  data.set("title", "Holiday");
  data.set("count", "3");
  data.set("avatar", png());
  edit(data);
  return data;
}

interface UploadCase {
  readonly label: string;
  readonly body: () => FormData;
  /** Accepted, or the pointer (into the body) the 400's errors[] must name. */
  readonly expect: "ok" | { readonly issueAt: string };
}

const cases: readonly UploadCase[] = [
  { label: "text fields and one file", body: () => form(), expect: "ok" },
  { label: "count left out (optional)", body: () => form((d) => d.delete("count")), expect: "ok" },
  {
    label: "a JPEG avatar",
    body: () => form((d) => d.set("avatar", file(10, "image/jpeg", "a.jpg"))),
    expect: "ok",
  },
  {
    label: "an avatar of exactly 1024 bytes",
    body: () => form((d) => d.set("avatar", png(1024))),
    expect: "ok",
  },
  {
    label: "an avatar of 1025 bytes",
    body: () => form((d) => d.set("avatar", png(1025))),
    expect: { issueAt: "/avatar" },
  },
  {
    label: "an avatar of a refused type",
    body: () => form((d) => d.set("avatar", file(10, "image/gif", "a.gif"))),
    expect: { issueAt: "/avatar" },
  },
  {
    label: "an avatar whose bytes are not its declared type",
    body: () => form((d) => d.set("avatar", file(10, "image/png", "a.png", "image/jpeg"))),
    expect: { issueAt: "/avatar" },
  },
  {
    label: "no avatar",
    body: () => form((d) => d.delete("avatar")),
    expect: { issueAt: "/avatar" },
  },
  {
    label: "an avatar sent as text",
    body: () => form((d) => d.set("avatar", "not a file")),
    expect: { issueAt: "/avatar" },
  },
  {
    label: "two avatars",
    body: () => form((d) => d.append("avatar", png())),
    expect: { issueAt: "/avatar" },
  },
  { label: "no title", body: () => form((d) => d.delete("title")), expect: { issueAt: "/title" } },
  {
    label: "an empty title",
    body: () => form((d) => d.set("title", "")),
    expect: { issueAt: "/title" },
  },
  {
    label: "a title sent as a file",
    body: () => form((d) => d.set("title", file(5, "text/plain"))),
    expect: { issueAt: "/title" },
  },
  {
    label: "a count that is not a number",
    body: () => form((d) => d.set("count", "three")),
    expect: { issueAt: "/count" },
  },
  {
    label: "a count with a fraction",
    body: () => form((d) => d.set("count", "1.5")),
    expect: { issueAt: "/count" },
  },
  {
    label: "a count out of bounds",
    body: () => form((d) => d.set("count", "11")),
    expect: { issueAt: "/count" },
  },
  {
    label: "one attachment (an array of one)",
    body: () => form((d) => d.append("attachments", file(2048, "text/csv"))),
    expect: "ok",
  },
  {
    label: "two attachments under one field",
    body: () =>
      form((d) => {
        d.append("attachments", file(20, "application/pdf"));
        d.append("attachments", file(30, "text/plain"));
      }),
    expect: "ok",
  },
  {
    label: "an attachment over its own limit",
    body: () =>
      form((d) => {
        d.append("attachments", file(20, "text/plain"));
        d.append("attachments", file(2049, "text/plain"));
      }),
    expect: { issueAt: "/attachments" },
  },
  {
    label: "an attachment sent as text",
    body: () => form((d) => d.append("attachments", "x")),
    expect: { issueAt: "/attachments" },
  },
];

const post = (body: FormData | string, headers?: Record<string, string>) =>
  new Request("http://localhost/uploads", {
    method: "POST",
    body,
    ...(headers ? { headers } : {}),
  });

/**
 * Runs the multipart cases against an adapter's `upload` fixture: fields bound and coerced, files
 * checked for size and media type, one file or several under a field, limits and malformed bodies,
 * and the document in OpenAPI 3.0 and 3.1.
 */
export function runUploadConformance(create: () => SchemaAdapter, schema: unknown): void {
  describe("multipart uploads", () => {
    const app = uploadApp(create(), schema, "3.0");

    for (const testCase of cases) {
      it(`${testCase.expect === "ok" ? "accepts" : "refuses"} ${testCase.label}`, async () => {
        const response = await app.fetch(post(testCase.body()));
        const text = await response.text();
        if (testCase.expect === "ok") {
          expect(response.status, text).toBe(200);
          return;
        }
        expect(response.status, text).toBe(400);
        expect(response.headers.get("content-type")).toBe("application/problem+json");
        const problem = JSON.parse(text) as { errors: { in: string; path: string }[] };
        const at = testCase.expect.issueAt;
        expect(
          problem.errors.some((issue) => issue.in === "body" && issue.path.startsWith(at)),
          text,
        ).toBe(true);
      });
    }

    it("binds text fields coerced by core and files as the runtime's File", async () => {
      const body = form((d) => {
        d.append("attachments", file(20, "application/pdf", "a.pdf"));
      });
      const response = await app.fetch(post(body));
      expect(await response.json()).toEqual({
        title: "Holiday",
        count: 3,
        avatar: { kind: "file", size: 100, type: "image/png", name: "avatar.png" },
        attachments: [{ kind: "file", size: 20, type: "application/pdf", name: "a.pdf" }],
      });
    });

    it("answers 413 for a body over the route's limit", async () => {
      const response = await app.fetch(
        post(form((d) => d.append("attachments", file(routeLimit, "text/plain")))),
      );
      expect(response.status).toBe(413);
    });

    it("answers 400, never 500, to malformed multipart bodies", async () => {
      const malformed: [string, string][] = [
        ["multipart/form-data; boundary=zzz", "not multipart at all"],
        [
          "multipart/form-data; boundary=zzz",
          '--zzz\r\nContent-Disposition: form-data; name="title"\r\n\r\nno end',
        ],
        ["multipart/form-data", "--x\r\n\r\n--x--\r\n"],
        ["multipart/form-data; boundary=", "--\r\n"],
      ];
      for (const [type, text] of malformed) {
        const response = await app.fetch(post(text, { "content-type": type }));
        expect(response.status, `${type}: ${text}`).toBe(400);
        expect(response.headers.get("content-type")).toBe("application/problem+json");
      }
    });

    it("answers 415 to a JSON body", async () => {
      const response = await app.fetch(
        post(JSON.stringify({ title: "x" }), { "content-type": "application/json" }),
      );
      expect(response.status).toBe(415);
    });

    it("documents files as format: binary in 3.0 with an encoding for declared media types", () => {
      const content = requestContent(app.document);
      const properties = content.schema.properties as Record<string, Record<string, unknown>>;
      expect(properties.avatar).toMatchObject({
        type: "string",
        format: "binary",
        maxLength: 1024,
      });
      expect(properties.avatar).not.toHaveProperty("contentMediaType");
      expect(properties.attachments).toMatchObject({
        type: "array",
        items: { type: "string", format: "binary", maxLength: 2048 },
      });
      expect(properties.count).toMatchObject({ type: "integer" });
      expect(content.encoding).toEqual({ avatar: { contentType: "image/png, image/jpeg" } });
    });

    it.each(["3.1", "3.2"] as const)("documents files with contentMediaType in %s", (version) => {
      const content = requestContent(uploadApp(create(), schema, version).document);
      const properties = content.schema.properties as Record<string, Record<string, unknown>>;
      expect(properties.avatar).toMatchObject({
        type: "string",
        contentMediaType: "application/octet-stream",
        maxLength: 1024,
      });
      expect(properties.avatar).not.toHaveProperty("format");
      expect(properties.attachments?.items).toMatchObject({
        type: "string",
        contentMediaType: "application/octet-stream",
      });
      expect(content.encoding).toEqual({ avatar: { contentType: "image/png, image/jpeg" } });
    });
  });
}

/** The multipart request body of the one operation, its schema resolved when it is a component. */
function requestContent(document: unknown): {
  schema: Record<string, unknown>;
  encoding?: unknown;
} {
  const doc = document as {
    paths: Record<
      string,
      {
        post: {
          requestBody: {
            content: Record<string, { schema: Record<string, unknown>; encoding?: unknown }>;
          };
        };
      }
    >;
    components?: { schemas?: Record<string, Record<string, unknown>> };
  };
  const content = doc.paths["/uploads"]?.post.requestBody.content["multipart/form-data"];
  if (!content) throw new Error("no multipart request body documented");
  const ref = content.schema.$ref;
  const schema =
    typeof ref === "string"
      ? (doc.components?.schemas?.[ref.slice("#/components/schemas/".length)] ?? {})
      : content.schema;
  return { ...content, schema };
}
