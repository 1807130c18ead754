import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { User } from "../src/users/user.js";
import { type RunningExample, startExample } from "./support/example-server.js";
import { readProblem } from "./support/problem.js";

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

let example: RunningExample;
beforeAll(() => {
  example = startExample();
});
afterAll(() => example.stop());

const listUsers = async (): Promise<User[]> => {
  const response = await example.request("/users");
  expect(response.status).toBe(200);
  return (await response.json()) as User[];
};

describe("the users API over HTTP (SPEC flows)", () => {
  let ada: User;

  it("lists no users at first, as a JSON array", async () => {
    const response = await example.request("/users");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    expect(await response.json()).toEqual([]);
  });

  it("creates a user: 201 with the stored user and a fresh id", async () => {
    const response = await example.sendJson("/users", { name: "Ada", email: "ada@example.com" });
    expect(response.status).toBe(201);
    ada = (await response.json()) as User;
    expect(ada).toEqual({ id: expect.stringMatching(uuid), name: "Ada", email: "ada@example.com" });
    expect(await listUsers()).toEqual([ada]);
  });

  it("returns one user by id", async () => {
    const response = await example.request(`/users/${ada.id}`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual(ada);
  });

  it("answers 400 with details when name is missing, and stores nothing", async () => {
    const before = await listUsers();
    const problem = await readProblem(
      await example.sendJson("/users", { email: "nameless@example.com" }),
      400,
    );
    expect(problem.title).toBe("Bad Request");
    expect(problem.errors).toContainEqual(
      expect.objectContaining({ in: "body", path: "/name", message: expect.any(String) }),
    );
    expect(await listUsers()).toEqual(before);
  });

  it("answers 400 for an empty name and for a bad e-mail, reporting every issue", async () => {
    const problem = await readProblem(
      await example.sendJson("/users", { name: "", email: "not-an-email" }),
      400,
    );
    expect(problem.errors?.map((issue) => issue.path).sort()).toEqual(["/email", "/name"]);
    expect(
      (await readProblem(await example.sendJson("/users", { name: "X", email: "x@" }), 400)).errors,
    ).toEqual([expect.objectContaining({ in: "body", path: "/email" })]);
    expect(await listUsers()).toEqual([ada]);
  });

  it("answers 400 for a wrong type instead of converting it", async () => {
    const problem = await readProblem(
      await example.sendJson("/users", { name: 42, email: "n@example.com" }),
      400,
    );
    expect(problem.errors).toEqual([expect.objectContaining({ in: "body", path: "/name" })]);
  });

  it("drops properties the model does not declare (no mass assignment)", async () => {
    const response = await example.sendJson("/users", {
      id: "chosen-by-client",
      name: "Grace",
      email: "grace@example.com",
      admin: true,
    });
    expect(response.status).toBe(201);
    const grace = (await response.json()) as User;
    expect(grace.id).toMatch(uuid);
    expect(Object.keys(grace).sort()).toEqual(["email", "id", "name"]);
  });

  it("answers 404 problem+json for an unknown id", async () => {
    const problem = await readProblem(await example.request(`/users/${crypto.randomUUID()}`), 404);
    expect(problem).toEqual({
      type: "about:blank",
      title: "Not Found",
      status: 404,
      detail: "No user has this id.",
      requestId: expect.any(String),
    });
    await readProblem(await example.request("/users/%27%20OR%201%3D1%20--"), 404);
  });

  it("answers 409 for an e-mail that is taken, ignoring case", async () => {
    const problem = await readProblem(
      await example.sendJson("/users", { name: "Ada 2", email: "ADA@example.com" }),
      409,
    );
    expect(problem.detail).toBe("A user with the e-mail address ADA@example.com already exists.");
  });

  it("rejects bodies that are not JSON objects before any handler runs", async () => {
    const before = await listUsers();
    await readProblem(
      await example.request("/users", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: '{"name": "Broken"',
      }),
      400,
    );
    await readProblem(
      await example.request("/users", {
        method: "POST",
        headers: { "content-type": "text/plain" },
        body: JSON.stringify({ name: "Plain", email: "plain@example.com" }),
      }),
      415,
    );
    await readProblem(
      await example.sendJson("/users", [{ name: "A", email: "a@example.com" }]),
      400,
    );
    await readProblem(
      await example.request("/users", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ name: "x".repeat(1024 * 1024), email: "big@example.com" }),
      }),
      413,
    );
    expect(await listUsers()).toEqual(before);
  });

  it("answers unknown routes with 404 and unsupported methods with 405 and Allow", async () => {
    await readProblem(await example.request("/nothing-here"), 404);
    const response = await example.request("/users", { method: "DELETE" });
    expect(response.headers.get("allow")).toMatch(/GET/);
    await readProblem(response, 405);
  });
});

describe("POST /users/bulk", () => {
  it("creates several users in one request: 201 with them in input order", async () => {
    const response = await example.sendJson("/users/bulk", {
      users: [
        { name: "Alan", email: "alan@example.com" },
        { name: "Barbara", email: "barbara@example.com" },
      ],
    });
    expect(response.status).toBe(201);
    const created = (await response.json()) as User[];
    expect(created).toEqual([
      { id: expect.stringMatching(uuid), name: "Alan", email: "alan@example.com" },
      { id: expect.stringMatching(uuid), name: "Barbara", email: "barbara@example.com" },
    ]);
    const stored = await listUsers();
    for (const user of created) expect(stored).toContainEqual(user);
  });

  it("validates every item and stores nothing when one is invalid", async () => {
    const before = await listUsers();
    const problem = await readProblem(
      await example.sendJson("/users/bulk", {
        users: [
          { name: "Valid", email: "valid@example.com" },
          { name: "Invalid", email: "nope" },
          { email: "no-name@example.com" },
        ],
      }),
      400,
    );
    const paths = new Set(problem.errors?.map((issue) => issue.path));
    expect([...paths].sort()).toEqual(["/users/1/email", "/users/2/name"]);
    expect(await listUsers()).toEqual(before);
  });

  it("is all-or-nothing: a taken or repeated e-mail rolls the whole batch back (409)", async () => {
    const before = await listUsers();
    const taken = await readProblem(
      await example.sendJson("/users/bulk", {
        users: [
          { name: "New", email: "new@example.com" },
          { name: "Alan again", email: "alan@example.com" },
        ],
      }),
      409,
    );
    expect(taken.detail).toContain("alan@example.com");
    await readProblem(
      await example.sendJson("/users/bulk", {
        users: [
          { name: "Twin", email: "twin@example.com" },
          { name: "Twin", email: "Twin@example.com" },
        ],
      }),
      409,
    );
    expect(await listUsers()).toEqual(before);
  });

  it("needs 1 to 100 users in an array", async () => {
    const before = await listUsers();
    await readProblem(await example.sendJson("/users/bulk", { users: [] }), 400);
    await readProblem(await example.sendJson("/users/bulk", {}), 400);
    await readProblem(
      await example.sendJson("/users/bulk", { users: { name: "A", email: "a@example.com" } }),
      400,
    );
    const tooMany = Array.from({ length: 101 }, (_, index) => ({
      name: `User ${index}`,
      email: `user${index}@example.com`,
    }));
    await readProblem(await example.sendJson("/users/bulk", { users: tooMany }), 400);
    expect(await listUsers()).toEqual(before);
  });
});
