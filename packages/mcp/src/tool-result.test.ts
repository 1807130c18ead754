import { describe, expect, it } from "vitest";
import type { McpToolPlan } from "./planning/mcp-plugin.js";
import { toolResult } from "./tool-result.js";

const plan = (output: McpToolPlan["output"]) => ({ output }) as McpToolPlan;
const url = "http://localhost/things/1";

const mixed = (boundary: string, parts: readonly [string, string][]) =>
  `${parts.map(([head, body]) => `--${boundary}\r\n${head}\r\n\r\n${body}\r\n`).join("")}--${boundary}--\r\n`;

describe("a tool result from the route's answer", () => {
  it("gives one content block per part of multipart/mixed, in order", async () => {
    const body = mixed("b1", [
      ["Content-Type: text/plain", "first"],
      ["Content-Type: image/png", "PNG"],
      ["Content-Type: application/json\r\nContent-Location: test://part", '{"a":1}'],
      ["Content-Type: application/octet-stream", "raw"],
    ]);
    const response = new Response(body, {
      headers: { "content-type": 'multipart/mixed; boundary="b1"' },
    });
    expect((await toolResult(response, plan("none"), url)).content).toEqual([
      { type: "text", text: "first" },
      { type: "image", data: Buffer.from("PNG").toString("base64"), mimeType: "image/png" },
      {
        type: "resource",
        resource: { uri: "test://part", mimeType: "application/json", text: '{"a":1}' },
      },
      {
        type: "resource",
        resource: {
          uri: url,
          mimeType: "application/octet-stream",
          blob: Buffer.from("raw").toString("base64"),
        },
      },
    ]);
  });

  it("treats a multipart body that does not parse as bytes", async () => {
    const response = new Response("no boundary here", {
      headers: { "content-type": "multipart/mixed; boundary=b2" },
    });
    const { content } = await toolResult(response, plan("none"), url);
    expect(content).toEqual([
      expect.objectContaining({
        type: "resource",
        resource: expect.objectContaining({ uri: url }),
      }),
    ]);
  });

  it("embeds an answer with a Content-Location as that resource, unless the tool has an output schema", async () => {
    const answer = () =>
      new Response("hello", {
        headers: { "content-type": "text/plain", "content-location": "/docs/hello" },
      });
    expect((await toolResult(answer(), plan("none"), url)).content).toEqual([
      {
        type: "resource",
        resource: { uri: "http://localhost/docs/hello", mimeType: "text/plain", text: "hello" },
      },
    ]);
    const json = new Response('{"id":"1"}', {
      headers: { "content-type": "application/json", "content-location": "/things/1" },
    });
    const structured = await toolResult(json, plan("object"), url);
    expect(structured.structuredContent).toEqual({ id: "1" });
  });
});
