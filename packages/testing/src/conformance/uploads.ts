import { Body, BodyLimit, createApp, Post, Route } from "@trellis/core";
import type { SchemaAdapter } from "@trellis/core/extend";
import { describe, expect, it } from "vitest";
import { cases, file, form } from "./upload-cases.js";

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
