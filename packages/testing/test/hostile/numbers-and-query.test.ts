// Number edge cases and repeated query keys: one decision for every adapter.
import { describe, expect, it } from "vitest";
import { expectNothingLogged, type Sent } from "./support/expect-nothing-logged.js";
import { expectProblem } from "./support/problem.js";
import { serveTargets } from "./support/served-targets.js";
import { targets } from "./support/targets.js";

const served = serveTargets();

/** The issue's number edge cases, as text (path and query values are text). */
const edgeCases = ["", " 1", "0x10", "1e3", "1.5", "NaN", "Infinity", "9007199254740993"] as const;
const moreText = [
  "+1",
  "01",
  "1.0",
  "-",
  "1,000",
  "1_000",
  "\uFF11",
  "-9007199254740993",
  "Infinity",
];
const validText: readonly [string, number][] = [
  ["42", 42],
  ["-7", -7],
  ["0", 0],
  ["9007199254740991", 9007199254740991],
];

// The same edge cases as JSON tokens in a body: some are not JSON at all, the others are numbers
// or strings that an integer field must refuse. JSON numbers are numbers, whatever their spelling:
// 1e3 is the integer 1000 (the text grammar of paths and queries, by contrast, wants plain digits).
const bodyDecisions: readonly [token: string, status: 200 | 400, value?: number][] = [
  ['""', 400],
  ['" 1"', 400],
  ["0x10", 400],
  ["1e3", 200, 1000],
  ["1.5", 400],
  ["NaN", 400],
  ["Infinity", 400],
  ["-Infinity", 400],
  // JSON.parse turns this into 9007199254740992: a different number. An integer field must refuse
  // it (as Zod does, and as the path/query grammar does) rather than store a silently changed value.
  ["9007199254740993", 400],
  ["-9007199254740993", 400],
  ['"42"', 400],
  ["true", 400],
  ["null", 400],
  ["[1]", 400],
  ["42", 200, 42],
  ["-0", 200, 0],
  ["1.0", 200, 1],
];

describe.each(targets)("numbers and query keys: $label", (target) => {
  const probe = () =>
    served[target.adapter]?.probe.request as (p: string, i?: RequestInit) => Promise<Response>;
  const users = () =>
    served[target.adapter]?.users.request as (p: string, i?: RequestInit) => Promise<Response>;

  it("refuses every edge case as an integer query value (400 at /query/n)", async () => {
    for (const text of [...edgeCases, ...moreText]) {
      const problem = await expectProblem(
        await probe()(`/probe/numbers?n=${encodeURIComponent(text)}`),
        400,
      );
      expect(problem.errors, JSON.stringify(text)).toEqual([
        expect.objectContaining({ in: "query", path: "/n" }),
      ]);
    }
    // "+" is a space in a query string: ?n=+1 is " 1".
    await expectProblem(await probe()("/probe/numbers?n=+1"), 400);
  });

  it("refuses every edge case as an integer path value (400 at /path/n; an empty segment is no route)", async () => {
    for (const text of [...edgeCases.filter((text) => text !== ""), ...moreText]) {
      const problem = await expectProblem(
        await probe()(`/probe/numbers/${encodeURIComponent(text)}`),
        400,
      );
      expect(problem.errors, JSON.stringify(text)).toEqual([
        expect.objectContaining({ in: "path", path: "/n" }),
      ]);
    }
    await expectProblem(await probe()("/probe/numbers/"), 404);
  });

  it("accepts plain decimal integers in the path and the query, as numbers", async () => {
    for (const [text, value] of validText) {
      for (const path of [`/probe/numbers/${text}`, `/probe/numbers?n=${text}`]) {
        const response = await probe()(path);
        expect(response.status, path).toBe(200);
        expect(await response.json()).toEqual({ n: value });
      }
    }
  });

  it.each(bodyDecisions)(
    "decides %s in an integer body field: %i",
    async (token, status, value) => {
      const response = await probe()("/probe/numbers", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: `{"n":${token}}`,
      });
      if (status === 200) {
        expect(response.status, await response.clone().text()).toBe(200);
        expect(await response.json()).toEqual({ n: value });
      } else {
        const problem = await expectProblem(response, 400);
        expect(problem.errors?.[0]?.in).toBe("body");
      }
    },
  );

  it("answers 400 for a repeated query key where one value is expected", async () => {
    for (const path of [
      "/probe/numbers?n=1&n=1",
      "/probe/numbers?n=1&n=2",
      "/probe/numbers?n=1&n=",
      "/probe/numbers?n=1&n",
    ]) {
      const problem = await expectProblem(await probe()(path), 400);
      expect(problem.errors).toEqual([{ in: "query", path: "/n", message: expect.any(String) }]);
    }
  });

  describe("GET /users paging: page integer >= 1, limit 1..100", () => {
    it("documents page and limit as optional integer query parameters", async () => {
      const document = (await (await users()("/docs/openapi.json")).json()) as {
        paths: Record<
          string,
          Record<
            string,
            {
              parameters?: {
                name: string;
                in: string;
                required?: boolean;
                schema: Record<string, unknown>;
              }[];
            }
          >
        >;
      };
      const parameters = document.paths["/users"]?.get?.parameters ?? [];
      const byName = Object.fromEntries(parameters.map((parameter) => [parameter.name, parameter]));
      expect(byName.page).toMatchObject({ in: "query", schema: { type: "integer", minimum: 1 } });
      expect(byName.limit).toMatchObject({
        in: "query",
        schema: { type: "integer", minimum: 1, maximum: 100 },
      });
      expect(byName.page?.required ?? false).toBe(false);
      expect(byName.limit?.required ?? false).toBe(false);
    });

    it("answers 400 for values out of range or not integers, naming each", async () => {
      for (const [query, names] of [
        ["page=0", ["/page"]],
        ["page=-1", ["/page"]],
        ["limit=0", ["/limit"]],
        ["limit=101", ["/limit"]],
        ["page=1.5&limit=1e3", ["/page", "/limit"]],
        ["page=abc&limit=", ["/page", "/limit"]],
        ["page=9007199254740993", ["/page"]],
      ] as const) {
        const problem = await expectProblem(await users()(`/users?${query}`), 400);
        expect(problem.errors?.map((issue) => `${issue.in}${issue.path}`).sort(), query).toEqual(
          names.map((name) => `query${name}`).sort(),
        );
      }
    });

    it("answers 400 for a repeated page or limit", async () => {
      for (const query of ["page=1&page=2", "limit=5&limit=5", "page=1&limit=1&limit=2"]) {
        const problem = await expectProblem(await users()(`/users?${query}`), 400);
        expect(problem.errors, query).toEqual([expect.objectContaining({ in: "query" })]);
      }
    });

    it("pages the list: ?page=2&limit=1 is the second user", async () => {
      for (const name of ["First", "Second"]) {
        const created = await users()("/users", {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({
            name,
            email: `${name.toLowerCase()}-${crypto.randomUUID()}@example.com`,
          }),
        });
        expect(created.status).toBe(201);
      }
      const all = (await (await users()("/users?limit=100")).json()) as { name: string }[];
      const second = await users()("/users?page=2&limit=1");
      expect(second.status).toBe(200);
      expect(await second.json()).toEqual([all[1]]);
    });
  });

  it("logged nothing", async () => {
    const status = (get: typeof probe, path: string, init?: RequestInit) => async () =>
      (await get()(path, init)).status;
    const post = (token: string): RequestInit => ({
      method: "POST",
      headers: { "content-type": "application/json" },
      body: `{"n":${token}}`,
    });
    await expectNothingLogged(served[target.adapter]?.logger, [
      ...[...edgeCases, ...moreText].map(
        (text): Sent => [400, status(probe, `/probe/numbers?n=${encodeURIComponent(text)}`)],
      ),
      ...moreText.map(
        (text): Sent => [400, status(probe, `/probe/numbers/${encodeURIComponent(text)}`)],
      ),
      ...bodyDecisions.map(
        ([token, expected]): Sent => [expected, status(probe, "/probe/numbers", post(token))],
      ),
      [400, status(probe, "/probe/numbers?n=1&n=2")],
      [400, status(users, "/users?page=0&limit=101")],
      [400, status(users, "/users?page=1&page=2")],
    ]);
  });
});
