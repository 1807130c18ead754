import { afterAll, describe, expect, test } from "vitest";
import { type CreateOrderInput, createOrder, orderBody } from "../targets/shared/orders.js";
import { checks, namesField, verifyTarget } from "./verify.js";

describe("namesField", () => {
  test("accepts the usual path notations of a field", () => {
    for (const path of ["name", "/name", "#/name", "body.name", "/body/name", "$.name"]) {
      expect(namesField({ errors: [{ path }] }, "name")).toBe(true);
    }
    expect(namesField({ issues: [{ path: ["email"] }] }, "email")).toBe(true);
    expect(namesField({ errors: { email: "bad" } }, "email")).toBe(true);
  });

  test("a mention inside a message is not a field path", () => {
    expect(namesField({ detail: "Invalid email" }, "email")).toBe(false);
    expect(namesField({ errors: [{ path: "/username" }] }, "name")).toBe(false);
  });
});

describe("checks", () => {
  const names = (scenario: string) =>
    checks.filter((check) => check.scenario === scenario).map((check) => check.name);

  test("S4 covers the guard (401 before validation) and each invalid input", () => {
    expect(names("S4")).toEqual([
      "S4 ok",
      "S4 no token",
      "S4 wrong token",
      "S4 wrong token and bad tenant",
      "S4 bad tenant",
      "S4 missing tenant",
      "S4 bad currency",
      "S4 missing currency",
    ]);
  });

  test("S1s and S3s get the same checks as S1 and S3, on the /scalar paths", () => {
    const s3 = checks.filter((check) => check.scenario === "S3");
    const s3s = checks.filter((check) => check.scenario === "S3s");
    expect(s3s.map((check) => check.path)).toEqual(
      s3.map((check) => check.path.replace("/users", "/scalar/users")),
    );
    expect(checks.find((check) => check.scenario === "S1s")?.path).toBe("/scalar/users/42");
  });

  test("S5 refuses quantity 0, price -1, empty items and a bad customer e-mail", () => {
    expect(names("S5")).toEqual(
      expect.arrayContaining([
        "S5 quantity 0",
        "S5 price -1",
        "S5 empty items",
        "S5 missing items",
        "S5 bad customer email",
      ]),
    );
  });
});

describe("verifyTarget", () => {
  // A server that gets S5 and S6 subtly wrong: no stripping, and a problem naming one field.
  const server = Bun.serve({
    port: 0,
    hostname: "127.0.0.1",
    routes: {
      "/orders": {
        POST: async (req) => {
          const body = (await req.json()) as CreateOrderInput;
          if (!Array.isArray(body.items)) return new Response("no items", { status: 400 });
          return Response.json(createOrder(body), { status: 201 });
        },
      },
      "/users": {
        POST: () =>
          new Response(JSON.stringify({ status: 400, errors: [{ path: "/email" }] }), {
            status: 400,
            headers: { "content-type": "application/problem+json" },
          }),
      },
    },
  });
  afterAll(() => server.stop(true));
  const url = `http://127.0.0.1:${server.port}`;

  test("S5: an unstripped firstItem fails the timed check", async () => {
    const result = await verifyTarget(url, ["S5"], false);
    expect(result.ok).toBe(false);
    expect(result.failures.find((f) => f.startsWith("S5 ok:"))).toContain(
      "unknown properties were not stripped",
    );
    expect(orderBody()).toHaveProperty("tracking");
  });

  test("S6: a problem that names only one field fails", async () => {
    const result = await verifyTarget(url, ["S6"], false);
    expect(result.failures).toHaveLength(1);
    expect(result.failures[0]).toContain("problem does not name name");
  });

  test("only the given scenarios are checked", async () => {
    const result = await verifyTarget(url, [], false);
    expect(result).toEqual({ ok: true, failures: [], lenient: [] });
  });
});
