// The live feed (Server-Sent Events) and the export (CSV or JSON) of the example, over real HTTP.
import { within } from "@trellis/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { User } from "../src/users/user.js";
import { type RunningExample, startExample } from "./support/example-server.js";
import { readProblem } from "./support/problem.js";

let example: RunningExample;
beforeAll(() => {
  example = startExample();
});
afterAll(() => example.stop());

/** Reads events from an open event stream until `count` have arrived (comments skipped). */
async function readEvents(
  reader: { read(): Promise<{ done: boolean; value?: Uint8Array }> },
  count: number,
) {
  const decoder = new TextDecoder();
  let text = "";
  const events: { id?: string; event?: string; data: unknown }[] = [];
  while (events.length < count) {
    const { done, value } = await within(
      reader.read(),
      20,
      `event ${events.length + 1} of ${count}`,
    );
    if (done) break;
    text += decoder.decode(value, { stream: true });
    let end = text.indexOf("\n\n");
    while (end !== -1) {
      const block = text.slice(0, end);
      text = text.slice(end + 2);
      end = text.indexOf("\n\n");
      const fields = block.split("\n").filter((line) => !line.startsWith(":"));
      // The opening `retry:` (and comments) carry no event.
      if (!fields.some((line) => line.startsWith("data: "))) continue;
      const value = (name: string) =>
        fields.find((line) => line.startsWith(`${name}: `))?.slice(name.length + 2);
      events.push({
        id: value("id"),
        event: value("event"),
        data: JSON.parse(value("data") ?? ""),
      });
    }
  }
  return events;
}

const create = async (name: string): Promise<User> => {
  const response = await example.sendJson("/users", {
    name,
    email: `${name.toLowerCase()}@example.com`,
  });
  expect(response.status).toBe(201);
  return (await response.json()) as User;
};

describe("GET /users/events", () => {
  it("streams one created event per new user, with ids a client resumes from", async () => {
    const response = await example.request("/users/events");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/event-stream");
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    const ada = await create("Ada");
    const [first] = await readEvents(reader, 1);
    expect(first).toEqual({
      id: expect.any(String),
      event: "created",
      data: { kind: "created", user: ada },
    });

    const bulk = await example.sendJson("/users/bulk", {
      users: [
        { name: "Grace", email: "grace@example.com" },
        { name: "Alan", email: "alan@example.com" },
      ],
    });
    const [grace, alan] = (await bulk.json()) as User[];
    const next = await readEvents(reader, 2);
    expect(next.map((event) => (event.data as { user: User }).user)).toEqual([grace, alan]);
    const ids = [first, ...next].map((event) => event?.id);
    expect(new Set(ids).size).toBe(3);
    await reader.cancel();

    // A client that reconnects with Last-Event-ID first gets what it missed, exactly once.
    const resumed = await example.request("/users/events", {
      headers: { "last-event-id": first?.id as string },
    });
    const missed = await readEvents((resumed.body as ReadableStream<Uint8Array>).getReader(), 2);
    expect(missed.map((event) => event.id)).toEqual(ids.slice(1));
  });

  it("tells clients when to reconnect: the stream opens with a retry field", async () => {
    const response = await example.request("/users/events");
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    const { value } = await within(reader.read(), 20, "the stream's first field");
    expect(new TextDecoder().decode(value)).toMatch(/^retry: \d+\n/);
    await reader.cancel();
  });

  it("answers a Last-Event-ID it cannot honour with a resync event, then goes on from now", async () => {
    const response = await example.request("/users/events", {
      headers: { "last-event-id": "yesterday" },
    });
    expect(response.status).toBe(200);
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    const [resync] = await readEvents(reader, 1);
    expect(resync).toEqual({
      id: undefined,
      event: "resync",
      data: { topic: "users", reason: "malformed" },
    });
    const linus = await create("Linus");
    const [created] = await readEvents(reader, 1);
    expect(created?.data).toEqual({ kind: "created", user: linus });
    await reader.cancel();
  });
});

describe("GET /users/export", () => {
  it("exports every user as CSV by default, as an attachment", async () => {
    const response = await example.request("/users/export");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toBe('attachment; filename="users.csv"');
    const lines = (await response.text()).split("\r\n");
    expect(lines[0]).toBe("id,name,email");
    expect(lines.slice(1, 4).map((line) => line.split(",")[1])).toEqual(["Ada", "Grace", "Alan"]);
  });

  it("answers JSON when Accept prefers it, and 406 when Accept allows neither", async () => {
    const asJson = await example.request("/users/export", {
      headers: { accept: "application/json" },
    });
    expect(asJson.headers.get("content-type")).toBe("application/json");
    expect(((await asJson.json()) as User[]).map((user) => user.name)).toEqual(
      expect.arrayContaining(["Ada", "Grace", "Alan"]),
    );
    await readProblem(
      await example.request("/users/export", { headers: { accept: "text/html" } }),
      406,
    );
  });

  it("defuses a name a spreadsheet would run as a formula", async () => {
    await example.sendJson("/users", { name: "=cmd()", email: "formula@example.com" });
    const csv = await (await example.request("/users/export")).text();
    expect(csv).toContain(",'=cmd(),formula@example.com\r\n");
  });
});
