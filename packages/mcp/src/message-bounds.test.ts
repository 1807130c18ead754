import { Type } from "@sinclair/typebox";
import { typebox } from "@trellis/adapter-typebox";
import {
  Body,
  BodyLimit,
  Controller,
  createApp,
  OperationId,
  Post,
  Returns,
  Route,
} from "@trellis/core";
import { maxIssues, maxJsonDepth } from "@trellis/core/extend";
import { within } from "@trellis/testing";
import { describe, expect, it } from "vitest";
import { mcpServer } from "./mcp-server.js";
import { callTool, postMcp, problemOf } from "./test-helpers/rpc.js";

// What an MCP message may hold is bounded as an HTTP body is: the same reader, the same limits.

const limit = 64 * 1024;
let stored = 0;

@Route("/items")
class ItemController extends Controller {
  @Post()
  @OperationId("storeItem")
  @Returns(200, Type.Object({ stored: Type.Integer() }))
  store(@Body(Type.Object({ value: Type.Unknown() })) _body: unknown) {
    return { stored: ++stored };
  }

  @Post("/small")
  @OperationId("storeSmall")
  @BodyLimit(1024)
  @Returns(200, Type.Object({ stored: Type.Integer() }))
  small(@Body(Type.Object({ value: Type.String() })) _body: unknown) {
    return { stored: ++stored };
  }
}

const app = createApp({
  schema: typebox(),
  controllers: [ItemController],
  limits: { body: limit },
  plugins: [mcpServer()],
});

const nested = (depth: number) => `${"[".repeat(depth)}${"]".repeat(depth)}`;
const callWithRaw = (raw: string) =>
  `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"storeItem","arguments":{"body":${raw}}}}`;

describe("arguments", () => {
  it("that the tool does not have get one answer listing the first maxIssues of them", async () => {
    // 60,000 unknown arguments in one message that fits the body limit of this app.
    const many = Object.fromEntries(Array.from({ length: 60_000 }, (_, i) => [`a${i}`, 0]));
    const bigApp = createApp({
      schema: typebox(),
      controllers: [ItemController],
      limits: { body: 2 * 1024 * 1024 },
      plugins: [mcpServer()],
    });
    const answer = await callTool(bigApp, "storeItem", { body: { value: 1 }, ...many });
    expect(answer.json.result.isError).toBe(true);
    const problem = problemOf(answer);
    expect(problem.status).toBe(400);
    expect(maxIssues).toBe(100);
    expect(problem.errors).toHaveLength(maxIssues);
    expect(problem.errors[0]).toMatchObject({ in: "arguments", path: "/a0" });
    // One bounded answer, not one entry per argument (60,000 of them would be megabytes).
    expect(answer.text.length).toBeLessThan(30_000);
    expect(stored).toBe(0);
  });

  it("nested deeper than a JSON body may be are refused before any tool runs", async () => {
    // As deep as a route's body may be, counting the envelope's levels: still served.
    const fits = await postMcp(app, callWithRaw(`{"value":${nested(maxJsonDepth - 6)}}`));
    expect(fits.json.result.isError ?? false).toBe(false);
    expect(stored).toBe(1);
    for (const depth of [maxJsonDepth, 20_000]) {
      const answer = await postMcp(app, callWithRaw(`{"value":${nested(depth)}}`));
      expect(answer.status).toBe(400);
      expect(answer.json.error.code).toBe(-32700);
      expect(answer.json.error.message).toContain(`deeper than ${maxJsonDepth}`);
    }
    expect(stored).toBe(1);
  });

  it("larger than the route's own body limit get the route's 413, as over HTTP", async () => {
    const answer = await callTool(app, "storeSmall", { body: { value: "x".repeat(4096) } });
    expect(answer.json.result.isError).toBe(true);
    expect(problemOf(answer).status).toBe(413);
    expect(stored).toBe(1);
  });
});

it("with a content coding is refused with 415, as a route without bodyEncodings refuses it", async () => {
  const answer = await postMcp(app, callWithRaw('{"value":1}'), { "content-encoding": "gzip" });
  expect(answer.status).toBe(415);
  expect(answer.json.error.code).toBe(-32000);
});

describe("a message over limits.body", () => {
  it("is refused by its Content-Length, with 413", async () => {
    const big = callWithRaw(JSON.stringify({ value: "x".repeat(limit) }));
    const answer = await postMcp(app, big);
    expect(answer.status).toBe(413);
    expect(answer.json.error.code).toBe(-32000);
  });

  /** 256 chunks of 16 KiB (4 MiB), each made when the reader pulls it: counts what was read. */
  const counted = () => {
    const chunk = new TextEncoder().encode(`"${"x".repeat(16 * 1024 - 2)}"`);
    const seen = { pulled: 0, cancelled: false, chunk: chunk.byteLength };
    const body = new ReadableStream<Uint8Array>(
      {
        pull(controller) {
          seen.pulled++;
          if (seen.pulled > 256) controller.close();
          else controller.enqueue(chunk);
        },
        cancel() {
          seen.cancelled = true;
        },
      },
      { highWaterMark: 0 },
    );
    return { body, seen };
  };

  it("without a Content-Length is refused with 413 before it is read to its end", async () => {
    const { body, seen } = counted();
    const answer = await within(postMcp(app, body), 10, "the answer to a streamed body");
    expect(answer.status).toBe(413);
    expect(answer.json.error.code).toBe(-32000);
    // The limit is 4 chunks: the reader stops one chunk past it, never reading on to the end.
    expect(seen.pulled).toBeLessThanOrEqual(limit / seen.chunk + 3);
    expect(seen.cancelled).toBe(true);
    expect(stored).toBe(1);
  });

  it("with a Content-Length over the limit is refused without reading a byte", async () => {
    const { body, seen } = counted();
    const answer = await within(
      postMcp(app, body, { "content-length": String(4 * 1024 * 1024) }),
      10,
      "the answer to a declared large body",
    );
    expect(answer.status).toBe(413);
    expect(seen.pulled).toBe(0);
  });
});
