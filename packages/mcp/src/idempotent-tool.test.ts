import { typebox } from "@trellis/adapter-typebox";
import { Controller, createApp, Post, Returns, Route } from "@trellis/core";
import { Idempotent } from "@trellis/idempotency";
import { within } from "@trellis/testing";
import { expect, it } from "vitest";
import { mcpServer } from "./mcp-server.js";

// An @Idempotent route's tool takes its Idempotency-Key as an argument: an agent can create, and
// a retried call with the same key gets the first answer, as over HTTP.

let created = 0;

@Route("/orders")
class OrderController extends Controller {
  @Post()
  @Idempotent()
  @Returns(201)
  create() {
    created++;
    this.setStatus(201);
    return { order: created };
  }
}

const app = createApp({
  schema: typebox(),
  controllers: [OrderController],
  plugins: [mcpServer()],
});

const rpc = (id: number, method: string, params: unknown) =>
  within(
    Promise.resolve(
      app.fetch(
        new Request("http://localhost/mcp", {
          method: "POST",
          headers: {
            "content-type": "application/json",
            accept: "application/json, text/event-stream",
            "mcp-protocol-version": "2025-11-25",
          },
          body: JSON.stringify({ jsonrpc: "2.0", id, method, params }),
        }),
      ),
    ).then((response) => response.json() as Promise<{ result: any }>),
    10,
    `the answer to ${method}`,
  );

it("lists Idempotency-Key as a required argument of the tool", async () => {
  const { result } = await rpc(1, "tools/list", {});
  const tool = result.tools.find((entry: { name: string }) => entry.name === "createOrder");
  expect(tool.inputSchema.properties["Idempotency-Key"]).toMatchObject({ type: "string" });
  expect(tool.inputSchema.required).toContain("Idempotency-Key");
  // Safe to retry: the feature says so through its tool fragment.
  expect(tool.annotations.idempotentHint).toBe(true);
});

it("runs a call once per key: the retry is the first answer again", async () => {
  const call = (id: number) =>
    rpc(id, "tools/call", {
      name: "createOrder",
      arguments: { "Idempotency-Key": '"order-7"' },
    });
  const first = await call(2);
  const retry = await call(3);
  expect(first.result.isError ?? false).toBe(false);
  expect(retry.result.isError ?? false).toBe(false);
  expect(retry.result.structuredContent ?? retry.result.content).toEqual(
    first.result.structuredContent ?? first.result.content,
  );
  expect(created).toBe(1);
  // Without the key the route's own refusal (400 key-missing) answers, as over HTTP.
  const missing = await rpc(4, "tools/call", { name: "createOrder", arguments: {} });
  expect(missing.result.isError).toBe(true);
  expect(JSON.parse(missing.result.content[0].text)).toMatchObject({ status: 400 });
  expect(created).toBe(1);
});
