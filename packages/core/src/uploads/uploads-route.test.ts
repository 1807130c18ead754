import { existsSync } from "node:fs";
import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { basename, dirname, join } from "node:path";
import { schema } from "@trellis/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Controller } from "../controller/controller.js";
import { Body } from "../decorators/bindings.js";
import { BodyLimit } from "../decorators/body-limit.js";
import { Route } from "../decorators/route.js";
import { Post } from "../decorators/verbs.js";
import { expectConfigError } from "../test-helpers/expect-config-error.js";
import { type Json, send, testApp } from "../test-helpers/test-app.js";
import { diskSink } from "./disk-sink.js";
import { memorySink } from "./memory-sink.js";
import { StoredFile } from "./stored-file.js";

const Form = schema({
  type: "object",
  properties: { caption: { type: "string", maxLength: 20 }, doc: {} },
  required: ["caption", "doc"],
});

const Names = schema({
  type: "object",
  properties: { doc: { type: "array" }, 'odd "field\\': { type: "string" } },
});
const fileNames = (input: Record<string, unknown>) => ({
  fields: Object.keys(input),
  files: (input.doc as File[]).map((file) => [file.name, file.type]),
});

let dir: string;
const seen: string[] = [];

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "trellis-uploads-route-"));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

function app() {
  @Route("/files")
  class FileController extends Controller {
    @Post("/kept")
    @BodyLimit(16 * 1024 * 1024)
    kept(
      @Body(Form, { contentType: "multipart/form-data", uploads: { doc: diskSink({ dir }) } })
      input: Record<string, unknown>,
    ) {
      const doc = input.doc as StoredFile;
      seen.push(doc.path as string);
      return { stored: doc instanceof StoredFile, name: doc.name, size: doc.size, path: doc.path };
    }

    @Post("/temporary")
    @BodyLimit(16 * 1024 * 1024)
    temporary(
      @Body(Form, { contentType: "multipart/form-data", uploads: { doc: diskSink() } })
      input: Record<string, unknown>,
    ) {
      const doc = input.doc as StoredFile;
      seen.push(doc.path as string);
      return { existed: existsSync(doc.path as string), path: doc.path };
    }

    @Post("/names")
    names(@Body(Names, { contentType: "multipart/form-data" }) input: Record<string, unknown>) {
      return fileNames(input);
    }

    @Post("/streamed-names")
    streamedNames(
      @Body(Names, { contentType: "multipart/form-data", uploads: { doc: memorySink() } })
      input: Record<string, unknown>,
    ) {
      return fileNames(input);
    }
  }
  return testApp([FileController], { openapi: { undeclaredResponses: "off" } });
}

function form(caption: string, bytes: Uint8Array): FormData {
  const data = new FormData();
  data.append("caption", caption);
  data.append("doc", new File([bytes], "report.bin", { type: "application/octet-stream" }));
  return data;
}

describe("uploads through a route", () => {
  const payload = new Uint8Array(5 * 1024 * 1024).fill(3);

  it("hands the handler a stored File and keeps it in the sink's folder after a success", async () => {
    const response = await send(app(), "POST", "/files/kept", { body: form("hello", payload) });
    const body: Json = await response.json();
    expect(response.status).toBe(200);
    expect(body).toMatchObject({ stored: true, name: "report.bin", size: payload.length });
    // In the folder the sink was given, not the system's temporary folder.
    expect(dirname(body.path)).toBe(dir);
    expect(await readdir(dir)).toContain(basename(body.path));
    expect((await Bun.file(body.path).bytes()).length).toBe(payload.length);
    await rm(body.path);
  });

  it("removes the stored file when the request is answered with an error (a field fails validation)", async () => {
    const before = seen.length;
    const response = await send(app(), "POST", "/files/kept", {
      body: form("x".repeat(30), payload),
    });
    expect(response.status).toBe(400);
    expect(seen.length).toBe(before); // the handler never ran
    expect(await readdir(dir)).toEqual([]);
  });

  it("removes a temporary file once the response is made", async () => {
    const response = await send(app(), "POST", "/files/temporary", { body: form("hi", payload) });
    const body: Json = await response.json();
    expect(body.existed).toBe(true);
    expect(existsSync(body.path)).toBe(false);
  });

  it("reads the names a runtime-built FormData sends (WHATWG encoding) alike, streamed or not", async () => {
    const names = [
      "a\\b.txt",
      "dir\\",
      'say "hi".txt',
      "line\nbreak\r.txt",
      "%41 100%.txt",
      "näme",
    ];
    const data = () => {
      const form = new FormData();
      for (const name of names) form.append("doc", new File(["x"], name));
      form.append('odd "field\\', "v");
      return form;
    };
    const expected = {
      fields: ["doc", 'odd "field\\'],
      files: names.map((name) => [name, "application/octet-stream"]),
    };
    for (const path of ["/files/names", "/files/streamed-names"]) {
      const response = await send(app(), "POST", path, { body: data() });
      expect(await response.json(), path).toEqual(expected);
    }
  });

  it("refuses uploads declared on a body that is not multipart", () => {
    @Route("/bad")
    class BadController extends Controller {
      @Post()
      create(@Body(Form, { uploads: { doc: diskSink({ dir }) } }) input: Record<string, unknown>) {
        return input;
      }
    }
    expectConfigError(() => testApp([BadController]), "INVALID_UPLOADS", "BadController.create");
  });

  it("refuses an uploads value that is not a sink, and a limit that is not a positive integer", () => {
    @Route("/bad")
    class NotSink extends Controller {
      @Post()
      create(
        @Body(Form, { contentType: "multipart/form-data", uploads: { doc: "disk" as never } })
        input: Record<string, unknown>,
      ) {
        return input;
      }
    }
    expectConfigError(() => testApp([NotSink]), "INVALID_UPLOADS", "uploads.doc");
    @Route("/bad")
    class BadLimit extends Controller {
      @Post()
      create(
        @Body(Form, { contentType: "multipart/form-data", multipart: { parts: 0 } })
        input: Record<string, unknown>,
      ) {
        return input;
      }
    }
    expectConfigError(() => testApp([BadLimit]), "INVALID_LIMIT", "multipart.parts");
  });
});
