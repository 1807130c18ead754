// What type an uploaded file has. Bun's form parser types a file by its filename (or its bytes),
// never by the Content-Type its part declares: PNG bytes declared image/png but named photo.html
// were refused, and a part declared text/html named x.png was stored and later served as
// image/png. A file's type must be the one its part declares; where a file field restricts types,
// bytes of a type with a known signature (PNG, JPEG, GIF, WebP, PDF) must be that type, and
// bytes declared as such must carry its signature. On every adapter's own way of declaring a file,
// and on the example's avatars, which must never be served under a type nobody checked.
import "reflect-metadata";
import { Type } from "@sinclair/typebox";
import { classValidator, IsFile } from "@trellis/adapter-class-validator";
import { arktypeFileOptions, fileCheck, standardSchema } from "@trellis/adapter-standard-schema";
import { FileType, typebox } from "@trellis/adapter-typebox";
import { valibot } from "@trellis/adapter-valibot";
import { zod } from "@trellis/adapter-zod";
import { type App, Body, Controller, createApp, Post } from "@trellis/core";
import type { SchemaAdapter } from "@trellis/core/extend";
import { type } from "arktype";
import * as v from "valibot";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as z from "zod";
import { createExampleApp } from "../support/example.js";
import { expectProblem } from "./support/problem.js";
import { recordingLogger } from "./support/recording-logger.js";
import { type Served, serve } from "./support/serve.js";

const images = ["image/png", "image/jpeg"];

// The file bytes the tests send.
const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 1, 2]);
const jpeg = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0, 1]);
const html = new TextEncoder().encode("<html><script>alert(1)</script></html>");

/** One multipart part: a file under `field`, with the filename and declared type given. */
interface Part {
  readonly field: string;
  readonly filename: string;
  /** The part's Content-Type; null: none. */
  readonly type: string | null;
  readonly bytes: Uint8Array;
}

const boundary = "trellis-upload-types";

/** A multipart body written by hand, so that name, filename and declared type differ at will. */
function multipart(...parts: Part[]): Uint8Array {
  const encoder = new TextEncoder();
  const chunks: Uint8Array[] = [];
  for (const part of parts) {
    chunks.push(
      encoder.encode(
        `--${boundary}\r\nContent-Disposition: form-data; name="${part.field}"; filename="${part.filename}"\r\n` +
          (part.type === null ? "" : `Content-Type: ${part.type}\r\n`) +
          "\r\n",
      ),
      part.bytes,
      encoder.encode("\r\n"),
    );
  }
  chunks.push(encoder.encode(`--${boundary}--\r\n`));
  return new Uint8Array(Buffer.concat(chunks));
}

const postForm = (served: Served, path: string, body: Uint8Array, method = "POST") =>
  served.request(path, {
    method,
    headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
    body,
  });

/** What an upload route answers: the file's type and size as the handler saw it. */
const seen = (file: File) => ({ type: file.type, size: file.size });

// Each adapter's own way of declaring a restricted file field (`image`) and a file of any type.
function classValidatorApp(): [SchemaAdapter, Function] {
  class ImageForm {
    @IsFile({ mimeTypes: images }) image!: File;
  }
  class AnyForm {
    @IsFile() file!: File;
  }
  class Uploads extends Controller {
    @Post("/image")
    image(@Body(ImageForm, { contentType: "multipart/form-data" }) form: ImageForm) {
      return seen(form.image);
    }

    @Post("/any")
    any(@Body(AnyForm, { contentType: "multipart/form-data" }) form: AnyForm) {
      return seen(form.file);
    }
  }
  return [classValidator(), Uploads];
}

/** A controller for schema libraries: the forms are values, not classes. */
function schemaApp(
  adapter: SchemaAdapter,
  imageForm: unknown,
  anyForm: unknown,
): [SchemaAdapter, Function] {
  class Uploads extends Controller {
    @Post("/image")
    image(@Body(imageForm, { contentType: "multipart/form-data" }) form: { image: File }) {
      return seen(form.image);
    }

    @Post("/any")
    any(@Body(anyForm, { contentType: "multipart/form-data" }) form: { file: File }) {
      return seen(form.file);
    }
  }
  return [adapter, Uploads];
}

const adapters: Record<string, () => [SchemaAdapter, Function]> = {
  "class-validator": classValidatorApp,
  typebox: () =>
    schemaApp(
      typebox(),
      Type.Object({ image: FileType({ mimeTypes: images }) }),
      Type.Object({ file: FileType() }),
    ),
  zod: () =>
    schemaApp(zod(), z.object({ image: z.file().mime(images) }), z.object({ file: z.file() })),
  valibot: () =>
    schemaApp(
      valibot(),
      v.object({ image: v.pipe(v.file(), v.mimeType(images as `${string}/${string}`[])) }),
      v.object({ file: v.file() }),
    ),
  "standard-schema (arktype)": () =>
    schemaApp(
      standardSchema({ jsonSchemaOptions: arktypeFileOptions }),
      type({ image: type.instanceOf(File).narrow(fileCheck({ mimeTypes: images })) }),
      type({ file: type.instanceOf(File) }),
    ),
};

describe.each(Object.keys(adapters))("file types: %s", (name) => {
  let app: App;
  let served: Served;
  beforeAll(() => {
    const [schema, controller] = (adapters[name] as () => [SchemaAdapter, Function])();
    app = createApp({
      schema,
      controllers: [controller as never],
      openapi: { undeclaredResponses: "off" },
    });
    served = serve(app);
  });
  afterAll(() => served.stop());

  const image = (part: Omit<Part, "field">) =>
    postForm(served, "/image", multipart({ field: "image", ...part }));
  const any = (part: Omit<Part, "field">) =>
    postForm(served, "/any", multipart({ field: "file", ...part }));

  it("takes a file's type from its part's Content-Type, never from its filename", async () => {
    const named = await image({ filename: "photo.html", type: "image/png", bytes: png });
    expect(named.status, await named.clone().text()).toBe(200);
    expect(await named.json()).toEqual({ type: "image/png", size: png.length });
    const jpg = await image({ filename: "a.bin", type: "image/jpeg", bytes: jpeg });
    expect(await jpg.json()).toEqual({ type: "image/jpeg", size: jpeg.length });
    // Unrestricted: whatever the part declares, as declared.
    const page = await any({ filename: "x.png", type: "text/html", bytes: html });
    expect(await page.json()).toEqual({ type: "text/html", size: html.length });
    const bytes = await any({ filename: "a.png", type: "application/octet-stream", bytes: png });
    expect(await bytes.json()).toEqual({ type: "application/octet-stream", size: png.length });
    // No Content-Type: text/plain, as RFC 7578 says.
    const untyped = await any({ filename: "x.png", type: null, bytes: png });
    expect(await untyped.json()).toEqual({ type: "text/plain", size: png.length });
  });

  it("refuses a part declared as another type, whatever its filename says", async () => {
    for (const part of [
      { filename: "x.png", type: "text/html", bytes: html },
      { filename: "x.png", type: null, bytes: png },
    ]) {
      const problem = await expectProblem(await image(part), 400);
      expect(problem.errors?.map((issue) => issue.path)).toEqual(["/image"]);
    }
  });

  it("refuses bytes that are not the declared type, where the field restricts types", async () => {
    for (const part of [
      { filename: "x.png", type: "image/png", bytes: html },
      { filename: "x.jpg", type: "image/jpeg", bytes: png },
      { filename: "x.png", type: "image/png", bytes: jpeg },
    ]) {
      const problem = await expectProblem(await image(part), 400);
      expect(problem.errors).toEqual([
        { in: "body", path: "/image", message: expect.stringContaining(part.type) },
      ]);
    }
  });
});

describe("the example's avatars", () => {
  let exampleApp: App;
  let served: Served;
  const example = () => served;
  let id: string;
  afterAll(async () => {
    await served.stop();
    await exampleApp.close();
  });
  beforeAll(async () => {
    exampleApp = createExampleApp({ databasePath: ":memory:", logger: recordingLogger() });
    served = serve(exampleApp);
    const created = await example().request("/users", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ name: "Avatar", email: "avatar@upload-types.example" }),
    });
    id = ((await created.json()) as { id: string }).id;
  });
  const upload = (part: Omit<Part, "field">) =>
    postForm(example(), `/users/${id}/avatar`, multipart({ field: "avatar", ...part }), "PUT");

  it("stores no avatar whose bytes are not the declared image type, and serves none", async () => {
    for (const part of [
      { filename: "x.png", type: "text/html", bytes: html },
      { filename: "x.png", type: "image/png", bytes: html },
      { filename: "x.jpg", type: "image/jpeg", bytes: png },
    ]) {
      await expectProblem(await upload(part), 400);
    }
    await expectProblem(await example().request(`/users/${id}/avatar`), 404);
  });

  it("serves a stored avatar as the type its bytes were checked to be, never sniffed", async () => {
    expect((await upload({ filename: "photo.html", type: "image/png", bytes: png })).status).toBe(
      204,
    );
    const avatar = await example().request(`/users/${id}/avatar`);
    expect(avatar.status).toBe(200);
    expect(avatar.headers.get("content-type")).toBe("image/png");
    expect(avatar.headers.get("x-content-type-options")).toBe("nosniff");
    expect(new Uint8Array(await avatar.arrayBuffer())).toEqual(png);
  });
});
