// Hostile request bodies against the example and its three adapter variants, under Bun.serve.
import { describe, expect, it } from "vitest";
import { freshUser, nestedUserJson, postRaw } from "./support/bodies.js";
import { expectNothingLogged, type Sent } from "./support/expect-nothing-logged.js";
import { expectProblem } from "./support/problem.js";
import { serveTargets } from "./support/served-targets.js";
import { targets } from "./support/targets.js";

const served = serveTargets();
const bytes = (text: string) => new TextEncoder().encode(text); // fetch adds no Content-Type for bytes

const wrap = {
  "/users": (user: unknown) => user,
  "/users/bulk": (user: unknown) => ({ users: [user] }),
} as const;
const bodyPaths = Object.keys(wrap) as (keyof typeof wrap)[];
const malformed = [
  ['{"name":', "truncated"],
  ["{name: 'Ada'}", "JavaScript, not JSON"],
  ['{"name":"Ada","email":"a@example.com",}', "a trailing comma"],
  ['{"name":"Ada"}{"name":"Bob"}', "two documents"],
  ['{"name":"Ada"} x', "trailing garbage"],
  ["NaN", "a bare NaN"],
  ['{"name":"\\x41"}', "an invalid escape"],
] as const;
const pollution = [
  ['{"__proto__":{"polluted":"yes"},"name":"A","email":"a@example.com"}', "__proto__ at the root"],
  ['{"name":"A","email":"a@example.com","x":{"__proto__":{"polluted":"yes"}}}', "__proto__ nested"],
  [
    '{"name":"A","email":"a@example.com","\\u005f_proto__":{"polluted":"yes"}}',
    "an escaped __proto__",
  ],
  [
    '{"name":"A","email":"a@example.com","constructor":{"prototype":{"polluted":"yes"}}}',
    "constructor.prototype",
  ],
  [
    '{"name":"A","email":"a@example.com","x":[{"constructor":{"prototype":{"polluted":"yes"}}}]}',
    "constructor.prototype in an array",
  ],
] as const;
// `levels` containers in all, the root included (a bulk body spends two on `{"users":[`).
const nestedBody = (path: keyof typeof wrap, levels: number) =>
  path === "/users" ? nestedUserJson(levels) : `{"users":[${nestedUserJson(levels - 2)}]}`;

describe.each(targets)("hostile bodies: $label", (target) => {
  const origin = () => served[target.adapter]?.users.origin as string;

  describe.each(bodyPaths)("POST %s", (path) => {
    const post = (body: RequestInit["body"], headers?: Record<string, string>) =>
      postRaw(origin(), path, body, headers);
    const valid = () => JSON.stringify(wrap[path](freshUser()));

    it.each(malformed)("answers 400 for malformed JSON: %j (%s)", async (body) => {
      const problem = await expectProblem(await post(body), 400);
      expect(problem.errors).toEqual([expect.objectContaining({ in: "body", path: "" })]);
    });

    it("ignores a leading UTF-8 byte order mark, as RFC 8259 allows", async () => {
      const response = await post(`\uFEFF${valid()}`);
      expect(response.status, await response.clone().text()).toBe(201);
    });

    it("answers 400 for invalid UTF-8 inside a JSON string, without echoing the bytes", async () => {
      const body = new Uint8Array([...bytes('{"name":"'), 0xff, 0xfe, ...bytes('","email":"x"}')]);
      await expectProblem(await post(body), 400);
    });

    it("answers 400 for an empty body with a JSON content type (Content-Length: 0 and none)", async () => {
      for (const body of ["", null]) {
        const problem = await expectProblem(await post(body), 400);
        expect(problem.errors).toEqual([expect.objectContaining({ in: "body", path: "" })]);
      }
    });

    it("answers 400 for whitespace only", async () => {
      await expectProblem(await post("  \r\n\t "), 400);
    });

    it("answers 415 for a body without a content type", async () => {
      await expectProblem(await post(bytes(valid()), {}), 415);
    });

    it.each([
      "text/plain",
      "text/plain;charset=UTF-8",
      "application/x-www-form-urlencoded",
      "multipart/form-data; boundary=x",
      "application/xml",
      "application/jsonp",
      "application/json-seq",
      "json",
      "application/json; charset=latin1",
      "application/json; charset=utf-16",
      "*/*",
      "",
    ])("answers 415 for content type %j", async (contentType) => {
      await expectProblem(await post(valid(), { "content-type": contentType }), 415);
    });

    it.each([
      "application/json",
      "application/json; charset=utf-8",
      "application/json;charset=UTF-8",
      'application/json; charset="utf-8"',
      "APPLICATION/JSON",
      "application/merge-patch+json",
      "application/vnd.api+json; charset=utf-8",
    ])("accepts content type %j", async (contentType) => {
      const response = await post(valid(), { "content-type": contentType });
      expect(response.status, await response.clone().text()).toBe(201);
    });

    it("answers 400 for JSON nested deeper than 64 levels, and accepts 64", async () => {
      const accepted = await post(nestedBody(path, 64));
      expect(accepted.status, await accepted.clone().text()).toBe(201);
      for (const levels of [65, 1_000, 100_000]) {
        const problem = await expectProblem(await post(nestedBody(path, levels)), 400);
        expect(problem.errors).toEqual([expect.objectContaining({ in: "body", path: "" })]);
      }
    });

    it.each(pollution)(
      "answers 400 for %j (%s) and leaves Object.prototype untouched",
      async (json) => {
        const body = path === "/users" ? json : `{"users":[${json}]}`;
        const problem = await expectProblem(await post(body), 400);
        expect(problem.errors).toEqual([expect.objectContaining({ in: "body" })]);
        expect(Object.prototype).not.toHaveProperty("polluted");
        expect(({} as Record<string, unknown>).polluted).toBeUndefined();
        expect(Object.getOwnPropertyNames(Object.prototype)).not.toContain("polluted");
      },
    );

    it.each([
      ["[]"],
      ['[{"name":"Ada","email":"ada@example.com"}]'],
      ["null"],
      ['"a string"'],
      ["42"],
      ["true"],
      ["{}"],
    ])("answers 400 for %s where an object is expected", async (json) => {
      const problem = await expectProblem(await post(json), 400);
      expect(problem.errors?.length).toBeGreaterThan(0);
      expect(problem.errors?.every((issue) => issue.in === "body")).toBe(true);
    });
  });

  describe("POST /users/bulk: the items", () => {
    it.each([
      ['{"users":null}'],
      ['{"users":{}}'],
      ['{"users":{"0":{"name":"Ada","email":"ada@example.com"}}}'],
      ['{"users":[null]}'],
      ['{"users":[[]]}'],
      ['{"users":[[{"name":"Ada","email":"ada@example.com"}]]}'],
      ['{"users":["ada@example.com"]}'],
      ['{"users":[]}'],
    ])("answers 400 for %s", async (json) => {
      const problem = await expectProblem(await postRaw(origin(), "/users/bulk", json), 400);
      expect(problem.errors?.length).toBeGreaterThan(0);
      expect(
        problem.errors?.every((issue) => issue.in === "body" && issue.path.startsWith("/users")),
      ).toBe(true);
    });
  });

  it("logged nothing: bad bodies are client errors, not failures", async () => {
    const status =
      (path: string, body: RequestInit["body"], headers?: Record<string, string>) => async () =>
        (await postRaw(origin(), path, body, headers)).status;
    await expectNothingLogged(
      served[target.adapter]?.logger,
      bodyPaths.flatMap((path): Sent[] => [
        ...malformed.map(([body]): Sent => [400, status(path, body)]),
        ...pollution.map(
          ([json]): Sent => [400, status(path, path === "/users" ? json : `{"users":[${json}]}`)],
        ),
        [400, status(path, nestedBody(path, 100_000))],
        [400, status(path, new Uint8Array([...bytes('{"name":"'), 0xff, 0xfe, ...bytes('"}')]))],
        [400, status(path, "")],
        [415, status(path, "{}", { "content-type": "text/plain" })],
        [415, status(path, bytes("{}"), {})],
      ]),
    );
  });
});
