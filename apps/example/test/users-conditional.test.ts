// The users API's conditional requests and paging: ETags and 304 on reads, If-Match on renames
// (428 without it, 412 when stale: no lost update), Link headers on the list.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { User } from "../src/users/user.js";
import { type RunningExample, startExample } from "./support/example-server.js";

let example: RunningExample;
beforeAll(() => {
  example = startExample();
});
afterAll(() => example.stop());

const rename = (id: string, name: string, headers: Record<string, string> = {}) =>
  example.request(`/users/${id}`, {
    method: "PATCH",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify({ name }),
  });

/** The problem's type and status, checked to be problem+json. */
async function problemOf(response: Response) {
  expect(response.headers.get("content-type")).toMatch(/^application\/problem\+json/);
  const { type, status } = (await response.json()) as { type: string; status: number };
  return { type: type.replace(/^.*#/, "#"), status };
}

describe("conditional requests on /users/{id}", () => {
  let ada: User;
  let etag: string;

  it("sends the user's ETag, and 304 with no body while the client's copy is current", async () => {
    ada = (await (
      await example.sendJson("/users", { name: "Ada", email: "ada-c@example.com" })
    ).json()) as User;
    const read = await example.request(`/users/${ada.id}`);
    etag = read.headers.get("etag") as string;
    expect(etag).toMatch(/^"[0-9a-z]+"$/);
    const again = await example.request(`/users/${ada.id}`, {
      headers: { "if-none-match": etag },
    });
    expect(again.status).toBe(304);
    expect(again.headers.get("etag")).toBe(etag);
    expect(await again.text()).toBe("");
    const head = await example.request(`/users/${ada.id}`, {
      method: "HEAD",
      headers: { "if-none-match": etag },
    });
    expect(head.status).toBe(304);
  });

  it("refuses a rename without If-Match (428) and with a stale one (412), changing nothing", async () => {
    expect(await problemOf(await rename(ada.id, "Nobody"))).toEqual({
      type: "#428-precondition-required",
      status: 428,
    });
    expect(await problemOf(await rename(ada.id, "Nobody", { "if-match": '"stale"' }))).toEqual({
      type: "#412-precondition-failed",
      status: 412,
    });
    expect(await (await example.request(`/users/${ada.id}`)).json()).toEqual(ada);
  });

  it("renames with the current ETag, answers the new one, and refuses the old one after", async () => {
    const renamed = await rename(ada.id, "Ada King", { "if-match": etag });
    expect(renamed.status).toBe(200);
    expect(await renamed.json()).toEqual({ ...ada, name: "Ada King" });
    const next = renamed.headers.get("etag");
    expect(next).not.toBe(etag);
    // A second client still holding the first ETag loses nothing silently.
    const late = await rename(ada.id, "Lost", { "if-match": etag });
    expect(late.status).toBe(412);
    const read = await example.request(`/users/${ada.id}`, { headers: { "if-none-match": etag } });
    expect(read.status).toBe(200);
    expect(read.headers.get("etag")).toBe(next);
    expect(((await read.json()) as User).name).toBe("Ada King");
  });

  it("answers 404 for a rename of nobody, before any precondition", async () => {
    const missing = await rename(crypto.randomUUID(), "Nobody", { "if-match": "*" });
    expect(missing.status).toBe(404);
  });
});

describe("Link headers on GET /users", () => {
  it("links the other pages, keeping the page size, and none on a single page", async () => {
    for (let index = 0; index < 4; index++) {
      await example.sendJson("/users", {
        name: `Page ${index}`,
        email: `page-${index}@example.com`,
      });
    }
    const total = ((await (await example.request("/users")).json()) as User[]).length;
    expect((await example.request("/users")).headers.get("link")).toBeNull();
    const second = await example.request("/users?page=2&limit=2");
    expect(second.status).toBe(200);
    const last = Math.ceil(total / 2);
    expect(second.headers.get("link")).toBe(
      [
        '</users?page=1&limit=2>; rel="first"',
        '</users?page=1&limit=2>; rel="prev"',
        '</users?page=3&limit=2>; rel="next"',
        `</users?page=${last}&limit=2>; rel="last"`,
      ].join(", "),
    );
  });
});
