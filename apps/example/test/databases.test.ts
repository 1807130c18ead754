import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { startExampleServer } from "../src/server.js";
import type { User } from "../src/users/user.js";
import { type DatabaseLocation, databaseKinds } from "./support/databases.js";
import { readProblem } from "./support/problem.js";

// The example over HTTP on each database it supports: the same answers, byte for byte where the
// data are the same. Postgres runs as this test's own server.
const kinds = databaseKinds();
beforeAll(() => Promise.all(kinds.map((kind) => kind.start())), 120_000);
afterAll(() => Promise.all(kinds.map((kind) => kind.stop())));

const stops: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const stop of stops.splice(0).reverse()) await stop();
});

async function start(location: DatabaseLocation) {
  const running = startExampleServer({
    port: 0,
    hostname: "127.0.0.1",
    reusePort: false,
    databasePath: undefined,
    ...location,
  });
  stops.push(() => running.stop());
  await running.ready;
  const base = `http://127.0.0.1:${running.server.port}`;
  const request = (path: string, init?: RequestInit) => fetch(`${base}${path}`, init);
  const post = (path: string, body: unknown) =>
    request(path, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
  return { request, post, stop: () => running.stop() };
}

const person = (name: string) => ({ name, email: `${name.toLowerCase()}@example.com` });

describe.each(kinds)("the example on $name", (kind) => {
  it("answers a taken e-mail with 409 problem+json, single or in a batch, and stores nothing more", async () => {
    const example = await start(await kind.create());
    expect((await example.post("/users", person("Ada"))).status).toBe(201);
    const single = await example.post("/users", { name: "Other", email: "ADA@example.com" });
    const text = await single.clone().text();
    expect(text).not.toMatch(/postgres|duplicate key|constraint|23505/i);
    expect(await readProblem(single, 409)).toMatchObject({
      title: "Conflict",
      detail: "A user with the e-mail address ADA@example.com already exists.",
    });
    const batch = await example.post("/users/bulk", {
      users: [person("Grace"), { name: "Ada again", email: "ada@EXAMPLE.com" }],
    });
    expect((await readProblem(batch, 409)).detail).toBe(
      "A user with the e-mail address ada@EXAMPLE.com already exists.",
    );
    const all = (await (await example.request("/users")).json()) as User[];
    expect(all.map((user) => user.name)).toEqual(["Ada"]);
  });

  it("pages through users in creation order, and exports them in the same order", async () => {
    const example = await start(await kind.create());
    const names = ["Eve", "Bob", "Dan", "Ann", "Cy"];
    for (const name of names) expect((await example.post("/users", person(name))).status).toBe(201);
    const page = async (query: string) =>
      ((await (await example.request(`/users?${query}`)).json()) as User[]).map(
        (user) => user.name,
      );
    expect(await page("page=1&limit=2")).toEqual(["Eve", "Bob"]);
    expect(await page("page=2&limit=2")).toEqual(["Dan", "Ann"]);
    expect(await page("page=3&limit=2")).toEqual(["Cy"]);
    expect(await page("page=4&limit=2")).toEqual([]);
    const csv = await (await example.request("/users/export")).text();
    expect(
      csv
        .split("\r\n")
        .slice(1, -1)
        .map((line) => line.split(",")[1]),
    ).toEqual(names);
    expect(await (await example.request("/health/metrics")).json()).toMatchObject({ users: 5 });
  });

  it("stores an avatar and gives the same bytes back", async () => {
    const example = await start(await kind.create());
    const ada = (await (await example.post("/users", person("Ada"))).json()) as User;
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 1, 2, 255]);
    const form = new FormData();
    form.append("avatar", new File([png], "ada.png", { type: "image/png" }));
    expect(
      (await example.request(`/users/${ada.id}/avatar`, { method: "PUT", body: form })).status,
    ).toBe(204);
    const avatar = await example.request(`/users/${ada.id}/avatar`);
    expect(avatar.headers.get("content-type")).toBe("image/png");
    expect(new Uint8Array(await avatar.arrayBuffer())).toEqual(png);
  });

  it("keeps the data for the next instance, and two instances share them", async () => {
    const location = await kind.create();
    const first = await start(location);
    const ada = (await (await first.post("/users", person("Ada"))).json()) as User;
    const second = await start(location);
    expect(await (await second.request(`/users/${ada.id}`)).json()).toEqual(ada);
    expect((await second.post("/users", { name: "Ada", email: "ADA@example.com" })).status).toBe(
      409,
    );
    await first.stop();
    const third = await start(location);
    expect(await (await third.request("/users")).json()).toEqual([ada]);
  });

  it("is ready while its database answers", async () => {
    const example = await start(await kind.create());
    const ready = await example.request("/health/ready");
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({
      status: "ok",
      checks: { database: { status: "up" } },
    });
  });
});

describe("the example on a Postgres server that goes down", () => {
  it("answers readiness 503 (database down) and its routes 503 with Retry-After while the server is down, and 200 once it is back", async () => {
    const postgres = kinds.find((kind) => kind.name === "Postgres");
    const engine = postgres?.engine;
    if (!postgres || !engine) throw new Error("the Postgres kind runs its own server");
    const example = await start(await postgres.create());
    expect((await example.request("/health/ready")).status).toBe(200);
    await engine.down();
    try {
      const down = await example.request("/health/ready");
      expect(down.status).toBe(503);
      expect(await down.json()).toMatchObject({
        status: "unavailable",
        checks: { database: { status: "down" } },
      });
      expect((await example.request("/health/live")).status).toBe(200);
      // A route whose repository cannot reach Postgres: 503 with Retry-After, not 500.
      const users = await example.request("/users");
      expect([users.status, users.headers.get("retry-after")]).toEqual([503, "1"]);
      expect(users.headers.get("content-type")).toBe("application/problem+json");
      expect(await users.text()).not.toMatch(/POSTGRES|refused|127\.0\.0\.1/i);
    } finally {
      await engine.up();
    }
    // Bun.sql reconnects on the next query after the server is back: ready again, no restart.
    await expect
      .poll(async () => (await example.request("/health/ready")).status, { timeout: 30_000 })
      .toBe(200);
  }, 90_000);
});
