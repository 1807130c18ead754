import { within } from "@trellis/testing";
import { describe, expect, it } from "vitest";
import { HttpException } from "../errors/http-exception.js";
import { maxJsonDepth } from "./json-guard.js";
import { readJsonBody } from "./read-json-body.js";

const post = (body: RequestInit["body"], headers: Record<string, string> = {}) =>
  new Request("http://test.local/", {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body,
    ...(body instanceof ReadableStream ? { duplex: "half" } : {}),
  } as RequestInit);

/** The status `readJsonBody` rejects with, or "read" when it reads the body. */
const statusOf = (request: Request, limit = 1024) =>
  within(
    readJsonBody(request, limit).then(
      () => "read",
      (error: unknown) => (error instanceof HttpException ? error.status : "not an HttpException"),
    ),
    10,
    "readJsonBody",
  );

describe("readJsonBody", () => {
  it("reads JSON as a route's body is read", async () => {
    expect(await readJsonBody(post('{"a":[1,2]}'), 1024)).toEqual({ a: [1, 2] });
  });

  it("rejects with the HttpException a route would answer", async () => {
    expect(await statusOf(post("x".repeat(2000)))).toBe(413);
    expect(await statusOf(post("{not json"))).toBe(400);
    expect(await statusOf(post(""))).toBe(400);
    const nested = (depth: number) => post(`${"[".repeat(depth)}${"]".repeat(depth)}`);
    expect(await statusOf(nested(maxJsonDepth))).toBe("read");
    expect(await statusOf(nested(maxJsonDepth + 1))).toBe(400);
    expect(await statusOf(post(new Uint8Array([0x22, 0xff, 0x22])))).toBe(400);
    expect(await statusOf(post("{}", { "content-encoding": "gzip" }))).toBe(415);
    expect(await statusOf(post("{}", { "content-type": "text/plain" }))).toBe(415);
  });

  it("stops reading a body without a Content-Length one chunk past the limit", async () => {
    let pulled = 0;
    const chunk = new TextEncoder().encode(" ".repeat(256));
    const body = new ReadableStream<Uint8Array>(
      {
        pull(controller) {
          pulled++;
          if (pulled > 100) controller.close();
          else controller.enqueue(chunk);
        },
      },
      { highWaterMark: 0 },
    );
    expect(await statusOf(post(body))).toBe(413);
    // 1024 bytes are 4 chunks: the fifth passes the limit, and reading stops there.
    expect(pulled).toBeLessThanOrEqual(6);
  });
});
