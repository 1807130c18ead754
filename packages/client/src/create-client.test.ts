import { describe, expect, it } from "vitest";
import { TrellisClientError, TrellisNetworkError } from "./client-errors.js";
import { createClient } from "./create-client.js";
import type { SseMessage } from "./event-stream.js";
import { app, type OrderController } from "./test-helpers/orders-app.js";

const sent: { url: string; headers: Headers }[] = [];
const api = createClient<{ orders: OrderController }>({
  baseUrl: "http://shop.test/",
  headers: { "x-tenant": "acme" },
  fetch: (request) => {
    sent.push({ url: request.url, headers: new Headers(request.headers) });
    return app.fetch(request);
  },
});

describe("createClient against an app with docs on", () => {
  it("calls each method where its decorators bind, and returns the parsed value", async () => {
    expect(await api.orders.list({})).toEqual([{ id: "1", sku: "tea", quantity: 2 }]);
    expect(await api.orders.list({ page: 2, tag: ["a", "b"] })).toEqual([]);
    expect(new URL(sent.at(-1)!.url).search).toBe("?page=2&tag=a&tag=b");
    expect(await api.orders.get("1")).toEqual({ id: "1", sku: "tea", quantity: 2 });
    expect(await api.orders.echo("x y", "?&", 7)).toEqual({ a: "x y", b: 7, q: "?&" });
  });

  it("sends the body, headers and cookies, and reads a 201", async () => {
    const order = await api.orders.create({ sku: "rice", quantity: 1 }, "north", "s1");
    expect(order).toEqual({ id: "north:s1", sku: "rice", quantity: 1 });
    const request = sent.at(-1)!;
    expect(request.headers.get("content-type")).toBe("application/json");
    expect(request.headers.get("cookie")).toBe("session=s1");
  });

  it("sends url-encoded and multipart form bodies as the route reads them", async () => {
    expect(await api.orders.form({ sku: "tea", quantity: 3 })).toEqual({ sku: "tea", quantity: 3 });
    const file = new File(["hello"], "hello.txt", { type: "text/plain" });
    expect(await api.orders.upload({ name: "note", file, tags: ["a", "b"] })).toEqual({
      name: "note",
      size: 5,
      tags: ["a", "b"],
    });
    // A FormData built by the caller (a browser form) is sent as it is.
    const form = new FormData();
    form.set("name", "scan");
    form.set("file", new File(["abc"], "scan.txt", { type: "text/plain" }));
    form.append("tags", "c");
    expect(await api.orders.upload(form)).toEqual({ name: "scan", size: 3, tags: ["c"] });
  });

  it("reads an @Sse route's events as they come, data parsed from JSON where it is JSON", async () => {
    const events = await api.orders.events(5);
    const received: SseMessage[] = [];
    for await (const event of events) received.push(event);
    expect(received).toEqual([
      { id: "1", event: "created", data: { id: "1", sku: "tea", quantity: 2 } },
      { id: "2", data: { id: "5", sku: "rice", quantity: 1 } },
      { data: "a line of text" },
    ]);
    expect(new URL(sent.at(-1)!.url).search).toBe("?from=5");
  });

  it("stops reading, and lets the server end the stream, when the loop ends early", async () => {
    for await (const event of await api.orders.events()) {
      expect(event.id).toBe("1");
      break;
    }
  });

  it("reads a text answer as a string", async () => {
    const csv = await api.orders.export();
    expect(csv).toBe("1,tea,2");
  });

  it("rejects a 400 with the problem and its issues, and a 404 with its status", async () => {
    const invalid = await api.orders.create({ sku: "", quantity: 0 }, "t", "s").catch((e) => e);
    expect(invalid).toBeInstanceOf(TrellisClientError);
    expect(invalid.status).toBe(400);
    expect(invalid.problem.errors.map((issue: { path: string }) => issue.path)).toEqual([
      "/sku",
      "/quantity",
    ]);
    const missing = await api.orders.get("404").catch((e) => e);
    expect(missing).toBeInstanceOf(TrellisClientError);
    expect(missing).toMatchObject({ status: 404, problem: { detail: "No order has this id." } });
  });

  it("tells a network failure apart from an HTTP error", async () => {
    const offline = createClient<{ orders: OrderController }>({
      baseUrl: "http://127.0.0.1:9",
      fetch: () => Promise.reject(new TypeError("connection refused")),
    });
    const error = await offline.orders.list({}).catch((e) => e);
    expect(error).toBeInstanceOf(TrellisNetworkError);
    expect(error).not.toBeInstanceOf(TrellisClientError);
    expect(error.cause).toBeInstanceOf(TypeError);
  });

  it("says what is wrong when the app serves no manifest or has no such method", async () => {
    const noDocs = createClient<{ orders: OrderController }>({
      baseUrl: "http://shop.test",
      fetch: () => new Response(null, { status: 404 }),
    });
    await expect(noDocs.orders.list({})).rejects.toThrow(/docs: \{ swagger: true \}/);
    const loose = api as unknown as Record<string, Record<string, () => Promise<unknown>>>;
    await expect(loose.orders!.missing!()).rejects.toThrow(/not a documented operation/);
  });

  it("reads a headers function before every call, the manifest's included", async () => {
    let token = 0;
    const seen: (string | null)[] = [];
    const authed = createClient<{ orders: OrderController }>({
      baseUrl: "http://shop.test",
      headers: async () => ({ authorization: `Bearer ${++token}` }),
      fetch: (request) => {
        seen.push(request.headers.get("authorization"));
        return app.fetch(request);
      },
    });
    await authed.orders.get("1");
    await authed.orders.get("1");
    expect(seen).toEqual(["Bearer 1", "Bearer 2", "Bearer 3"]);
  });

  it("is never thenable, so awaiting a controller's client is harmless", async () => {
    expect(await api.orders).toBe(api.orders);
  });
});
