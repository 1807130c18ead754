import {
  Client as ModernClient,
  StreamableHTTPClientTransport as ModernTransport,
} from "@modelcontextprotocol/client";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { LoggingMessageNotificationSchema } from "@modelcontextprotocol/sdk/types.js";
import { within } from "@trellis/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { boundedFetch } from "./test-helpers/bounded-fetch.js";
import { work, workApp } from "./test-helpers/work-app.js";

let server: ReturnType<typeof Bun.serve>;
let endpoint: URL;

beforeAll(() => {
  const app = workApp();
  server = Bun.serve({ port: 0, hostname: "127.0.0.1", routes: app.routes, fetch: app.fetch });
  endpoint = new URL(`http://127.0.0.1:${server.port}/mcp`);
});
afterAll(() => server.stop(true));

const logLevel = "io.modelcontextprotocol/logLevel";

/** A v2 SDK client pinned to 2026-07-28, collecting the log messages it receives. */
async function modern() {
  const client = new ModernClient(
    { name: "modern", version: "1.0.0" },
    { versionNegotiation: { mode: { pin: "2026-07-28" } } },
  );
  const logs: { level: string; data: unknown }[] = [];
  client.setNotificationHandler("notifications/message", ({ params }) => {
    logs.push({ level: params.level, data: params.data });
  });
  await within(
    client.connect(new ModernTransport(endpoint, { fetch: boundedFetch })),
    5,
    "the modern connect",
  );
  return { client, logs };
}

/** A v1 SDK client (revision 2025-11-25), collecting the log messages it receives. */
async function legacy() {
  const client = new Client({ name: "legacy", version: "1.0.0" });
  const logs: { level: string; data: unknown }[] = [];
  client.setNotificationHandler(LoggingMessageNotificationSchema, ({ params }) => {
    logs.push({ level: params.level, data: params.data });
  });
  await within(
    client.connect(new StreamableHTTPClientTransport(endpoint, { fetch: boundedFetch })),
    5,
    "the connect",
  );
  return { client, logs };
}

describe("a tool call's log lines", () => {
  it("reach a 2026-07-28 client at the level its request's _meta sets", async () => {
    const { client, logs } = await modern();
    const call = client.callTool({
      name: "runSteps",
      arguments: {},
      _meta: { [logLevel]: "info" },
    });
    const result = await within(call, 5, "the call");
    expect(result.structuredContent).toEqual({ steps: 3 });
    // info and above: the debug line stays in the app's log.
    expect(logs).toEqual([
      { level: "info", data: { message: "step 1", step: 1 } },
      { level: "info", data: { message: "step 2", step: 2 } },
      { level: "info", data: { message: "step 3", step: 3 } },
      { level: "warning", data: "all steps run" },
    ]);
    logs.length = 0;
    await within(
      client.callTool({ name: "runSteps", arguments: {}, _meta: { [logLevel]: "warning" } }),
      5,
      "the call at warning",
    );
    expect(logs).toEqual([{ level: "warning", data: "all steps run" }]);
    await client.close();
  });

  it("reach a 2025-11-25 client, every line (no session keeps a level)", async () => {
    const { client, logs } = await legacy();
    const result = await within(client.callTool({ name: "runSteps", arguments: {} }), 5, "call");
    expect(result.structuredContent).toEqual({ steps: 3 });
    expect(logs.map(({ level }) => level)).toEqual(["debug", "info", "info", "info", "warning"]);
    await client.close();
  });

  it("leave a call that logs nothing a plain JSON answer", async () => {
    const response = await boundedFetch(endpoint, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        accept: "application/json, text/event-stream",
      },
      body: JSON.stringify({
        jsonrpc: "2.0",
        id: 1,
        method: "tools/call",
        params: { name: "quiet", arguments: {} },
      }),
    });
    expect(response.headers.get("content-type")).toBe("application/json");
    expect(await response.json()).toMatchObject({
      id: 1,
      result: { structuredContent: { ok: true } },
    });
  });
});

describe("progress", () => {
  const steps = [
    { progress: 1, total: 3, message: "step 1 of 3" },
    { progress: 2, total: 3, message: "step 2 of 3" },
    { progress: 3, total: 3, message: "step 3 of 3" },
  ];

  it("reaches a 2026-07-28 client that asked for it", async () => {
    const { client } = await modern();
    const seen: unknown[] = [];
    const call = client.callTool(
      { name: "runSteps", arguments: {} },
      { onprogress: (progress) => void seen.push(progress) },
    );
    await within(call, 5, "the call");
    expect(seen).toEqual(steps);
    await client.close();
  });

  it("reaches a 2026-07-28 client that sent its own progress token", async () => {
    const { client } = await modern();
    const seen: unknown[] = [];
    client.setNotificationHandler("notifications/progress", ({ params }) => {
      seen.push(params);
    });
    const call = client.callTool({
      name: "runSteps",
      arguments: {},
      _meta: { progressToken: "steps" },
    });
    await within(call, 5, "the call");
    expect(seen).toEqual(steps.map((step) => ({ progressToken: "steps", ...step })));
    await client.close();
  });

  it("reaches a 2025-11-25 client that asked for it", async () => {
    const { client } = await legacy();
    const seen: unknown[] = [];
    const call = client.callTool({ name: "runSteps", arguments: {} }, undefined, {
      onprogress: (progress) => {
        seen.push(progress);
      },
    });
    await within(call, 5, "the call");
    expect(seen).toEqual(steps);
    await client.close();
  });

  it("is not sent to a client that asked for none", async () => {
    const { client } = await modern();
    let seen = 0;
    client.setNotificationHandler("notifications/progress", () => {
      seen += 1;
    });
    await within(client.callTool({ name: "runSteps", arguments: {} }), 5, "the call");
    expect(seen).toBe(0);
    await client.close();
  });
});

describe("cancellation", () => {
  for (const [revision, connect] of [
    ["2026-07-28", modern],
    ["2025-11-25", legacy],
  ] as const) {
    it(`aborts the handler's request signal and this.signal when a ${revision} client cancels`, async () => {
      const before = { ...work };
      const { client } = await connect();
      const abort = new AbortController();
      const params = { name: "waitForever", arguments: {} };
      const options = { signal: abort.signal };
      // v2's callTool takes its options second, v1's third (after a result schema).
      const call: Promise<unknown> =
        client instanceof Client
          ? client.callTool(params, undefined, options)
          : client.callTool(params, options);
      call.catch(() => {});
      // The handler runs: then the client gives up.
      await within(
        (async () => {
          while (work.started === before.started) await Bun.sleep(10);
        })(),
        5,
        "the call to start",
      );
      abort.abort("no longer needed");
      await expect(within(call, 5, "the cancelled call")).rejects.toThrow();
      await within(
        (async () => {
          while (work.finished === before.finished) await Bun.sleep(10);
        })(),
        5,
        "the handler to see the abort",
      );
      expect(work.aborted).toBe(before.aborted + 1);
      expect(work.handlerAborted).toBe(before.handlerAborted + 1);
      await client.close();
    });
  }
});
