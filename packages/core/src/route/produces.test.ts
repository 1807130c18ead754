import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { schema } from "@trellis/testing";
import { afterAll, describe, expect, it } from "vitest";
import { Controller } from "../controller/controller.js";
import { Produces } from "../decorators/produces.js";
import { Returns } from "../decorators/returns.js";
import { Route } from "../decorators/route.js";
import { ValidateResponse } from "../decorators/validate-response.js";
import { Get } from "../decorators/verbs.js";
import { expectConfigError } from "../test-helpers/expect-config-error.js";
import { type Json, send, testApp } from "../test-helpers/test-app.js";

const Row = schema(
  {
    type: "object",
    properties: { id: { type: "string" }, name: { type: "string" } },
    required: ["id", "name"],
  },
  "Row",
);
const rows = [
  { id: "1", name: "Ada" },
  { id: "2", name: "Grace" },
];
const csv = "id,name\n1,Ada\n2,Grace\n";
const scratch = mkdtempSync(join(tmpdir(), "trellis-produces-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
const download = join(scratch, "report.bin");
writeFileSync(download, new Uint8Array(256 * 1024).fill(7));

@Route("/report")
class ReportController extends Controller {
  @Get("/both")
  @Produces("application/json", "text/csv")
  @Returns(200, [Row])
  @ValidateResponse()
  both() {
    return this.responseType === "text/csv" ? csv : rows;
  }

  @Get("/csv")
  @Produces("text/csv")
  only() {
    return csv;
  }

  @Get("/bytes")
  @Produces("application/octet-stream")
  bytes() {
    return new Uint8Array([1, 2, 3]);
  }

  @Get("/file")
  @Produces("application/octet-stream")
  file() {
    return Bun.file(download);
  }

  @Get("/stream")
  @Produces("text/plain")
  stream() {
    return new ReadableStream({
      start(controller) {
        controller.enqueue(new TextEncoder().encode("one\n"));
        controller.enqueue(new TextEncoder().encode("two\n"));
        controller.close();
      },
    });
  }

  @Get("/object-as-json")
  @Produces("text/csv")
  objectAsJson() {
    return { not: "csv" };
  }

  @Get("/header-set")
  headerSet() {
    this.setHeader("content-type", "text/csv");
    return csv;
  }

  @Get("/untyped-bytes")
  untypedBytes() {
    return new Uint8Array([9, 8]).buffer;
  }

  @Get("/string")
  plainString() {
    return "still JSON";
  }
}

const app = testApp([ReportController]);

describe("@Produces", () => {
  it("answers the media type the Accept header prefers, and varies by Accept", async () => {
    const json = await send(app, "GET", "/report/both");
    expect(json.headers.get("content-type")).toBe("application/json");
    expect(json.headers.get("vary")).toBe("accept");
    expect(await json.json()).toEqual(rows);
    const text = await send(app, "GET", "/report/both", {
      headers: { accept: "text/csv, application/json;q=0.5" },
    });
    expect(text.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(await text.text()).toBe(csv);
  });

  it("answers 406 problem+json when nothing produced is acceptable", async () => {
    for (const path of ["/report/both", "/report/csv"]) {
      const response = await send(app, "GET", path, { headers: { accept: "image/png" } });
      expect(response.status).toBe(406);
      expect(response.headers.get("content-type")).toBe("application/problem+json");
      const body: Json = await response.json();
      expect(body.status).toBe(406);
      expect(body.detail).toContain("text/csv");
    }
  });

  it("sends strings, bytes and streams as they are under the declared type", async () => {
    const text = await send(app, "GET", "/report/csv");
    expect(text.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(text.headers.get("vary")).toBeNull();
    expect(await text.text()).toBe(csv);
    const bytes = await send(app, "GET", "/report/bytes");
    expect(bytes.headers.get("content-type")).toBe("application/octet-stream");
    expect([...new Uint8Array(await bytes.arrayBuffer())]).toEqual([1, 2, 3]);
    const stream = await send(app, "GET", "/report/stream");
    expect(stream.headers.get("content-type")).toBe("text/plain");
    expect(await stream.text()).toBe("one\ntwo\n");
  });

  it("streams a Bun.file from disk with its size", async () => {
    const response = await send(app, "GET", "/report/file");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/octet-stream");
    const body = new Uint8Array(await response.arrayBuffer());
    expect(body.byteLength).toBe(256 * 1024);
    expect(body.every((byte) => byte === 7)).toBe(true);
  });

  it("still sends objects as JSON", async () => {
    const response = await send(app, "GET", "/report/object-as-json");
    expect(response.headers.get("content-type")).toBe("application/json");
    expect(await response.json()).toEqual({ not: "csv" });
  });
});

describe("non-JSON results without @Produces", () => {
  it("sends a string as text under the Content-Type the handler set", async () => {
    const response = await send(app, "GET", "/report/header-set");
    expect(response.headers.get("content-type")).toBe("text/csv");
    expect(await response.text()).toBe(csv);
  });

  it("sends bytes as application/octet-stream, and a plain string still as JSON", async () => {
    const bytes = await send(app, "GET", "/report/untyped-bytes");
    expect(bytes.headers.get("content-type")).toBe("application/octet-stream");
    expect([...new Uint8Array(await bytes.arrayBuffer())]).toEqual([9, 8]);
    const text = await send(app, "GET", "/report/string");
    expect(await text.json()).toBe("still JSON");
  });
});

describe("@Produces at startup", () => {
  it("rejects wildcards, non-media-types, duplicates and an empty list", () => {
    for (const produced of [["text/*"], ["csv"], ["text/csv", "TEXT/CSV"], []]) {
      @Route("/bad")
      class BadController extends Controller {
        @Get()
        @Produces(...produced)
        get() {
          return "";
        }
      }
      expectConfigError(() => testApp([BadController]), "INVALID_MEDIA_TYPE", "BadController.get");
    }
  });

  it("applies a class's @Produces to its methods", async () => {
    @Route("/class")
    @Produces("text/plain")
    class TextController extends Controller {
      @Get()
      get() {
        return "hello";
      }
    }
    const response = await send(testApp([TextController]), "GET", "/class");
    expect(response.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    expect(await response.text()).toBe("hello");
  });
});
