// A test module: the docs test imports it, so these tests run with the documentation's own.
// #region in-process
import { afterAll, describe, expect, it } from "vitest";
import { app } from "./getting-started.js";

const post = (path: string, body: unknown) =>
  app.fetch(
    new Request(`http://localhost${path}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    }),
  );

describe("POST /users", () => {
  it("creates a user", async () => {
    const response = await post("/users", { name: "Grace", email: "grace@example.com" });
    expect(response.status).toBe(201);
    expect(await response.json()).toMatchObject({ name: "Grace", email: "grace@example.com" });
  });

  it("answers 400 with every problem of an invalid body", async () => {
    const response = await post("/users", { email: "not-an-email" });
    expect(response.status).toBe(400);
    expect(response.headers.get("content-type")).toBe("application/problem+json");
    expect(await response.json()).toMatchObject({
      status: 400,
      detail: "Request validation failed",
      errors: expect.arrayContaining([
        expect.objectContaining({ in: "body", path: "/name" }),
        expect.objectContaining({ in: "body", path: "/email" }),
      ]),
    });
  });
});
// #endregion

// #region real-server
describe("under a real Bun.serve", () => {
  const server = Bun.serve({ port: 0, routes: app.routes, fetch: app.fetch });
  afterAll(() => server.stop(true));

  it("serves the same routes over HTTP", async () => {
    const response = await fetch(new URL("/users", server.url));
    expect(response.status).toBe(200);
    expect(Array.isArray(await response.json())).toBe(true);
  });

  it("keeps paths strict: a trailing slash is another path", async () => {
    const response = await fetch(new URL("/users/", server.url));
    expect(response.status).toBe(404);
  });
});
// #endregion
