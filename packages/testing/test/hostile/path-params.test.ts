// Hostile path parameters and slashes, over a raw socket (the path exactly as sent) to Bun.serve.
import { describe, expect, it } from "vitest";
import { expectNothingLogged, type Sent } from "./support/expect-nothing-logged.js";
import { expectRawProblem } from "./support/problem.js";
import { rawExchange, requestHead } from "./support/raw-http.js";
import { serveTargets } from "./support/served-targets.js";
import { targets } from "./support/targets.js";

const served = serveTargets();
const get = (port: number, target: string) => rawExchange(port, requestHead("GET", target));
const noRoute = "No route matches the request path.";
const badEscapes = [
  ["%00", "a NUL"],
  ["a%00b", "a NUL inside"],
  ["%ZZ", "not hex"],
  ["%", "a lone percent sign"],
  ["abc%2", "a truncated escape"],
  ["%E0%A4%A", "a truncated UTF-8 sequence"],
  ["%C0%AF", "an overlong UTF-8 encoding of /"],
  ["%FF", "a byte that is never UTF-8"],
  ["%ED%A0%80", "an encoded UTF-16 surrogate"],
] as const;

describe.each(targets)("path parameters: $label", (target) => {
  const ports = () => {
    const entry = served[target.adapter];
    return { users: entry?.users.port as number, probe: entry?.probe.port as number };
  };

  it.each(badEscapes)(
    "answers 400 for %j (%s) in /users/:id and in the probe echo",
    async (raw) => {
      for (const [port, path] of [
        [ports().users, `/users/${raw}`],
        [ports().probe, `/probe/echo/${raw}`],
      ] as const) {
        const { response } = await get(port, path);
        const problem = expectRawProblem(response, 400);
        expect(problem.errors).toEqual([
          {
            in: "path",
            path: path.startsWith("/users") ? "/id" : "/value",
            message: expect.any(String),
          },
        ]);
      }
    },
  );

  it.each([
    ["a%2Fb", "a/b"],
    ["a%2fb", "a/b"],
    ["..%2F..%2Fetc%2Fpasswd", "../../etc/passwd"],
    ["..%2f", "../"],
    ["a..b", "a..b"],
    ["...", "..."],
    ["%2E%2E%2F", "../"],
    ["%20", " "],
    ["caf%C3%A9", "café"],
    ["%3Fx%3D1%23y", "?x=1#y"],
  ])("hands %j to the handler as the data %j, never as routing", async (raw, value) => {
    const { response } = await get(ports().probe, `/probe/echo/${raw}`);
    expect(response?.status, response?.body).toBe(200);
    expect(JSON.parse(response?.body ?? "")).toEqual({ value });
    // In the users API the same value reaches the handler, which finds no such user.
    const users = await get(ports().users, `/users/${raw}`);
    expect(expectRawProblem(users.response, 404).detail).toBe("No user has this id.");
  });

  it("never serves another path than the one sent: dot segments and backslashes (never into another route's data)", async () => {
    // WHATWG URL parsing (Bun's request.url) removes "." and ".." segments, "%2E%2E" included:
    // /probe/echo/.. is the path /probe, which no route serves.
    for (const raw of ["..", "%2E%2E", "%2e%2E", ".", "%2E"]) {
      const { response } = await get(ports().probe, `/probe/echo/${raw}`);
      expect(expectRawProblem(response, 404).detail).toBe(noRoute);
    }
    // A target that only reaches a route once normalized is refused, not served from the
    // normalized path a proxy in front of the app never saw.
    for (const target of [
      "/probe/echo/x/../y",
      "/probe/./echo/y",
      "/probe\\echo\\y",
      "/users\\..\\probe\\echo\\y",
    ]) {
      const { response } = await get(ports().probe, target);
      expect(expectRawProblem(response, 400).detail, target).toContain("not in normal form");
    }
  });

  it.each([
    "/users/",
    "//users",
    "/users//",
    "///users",
    "/users/some-id/",
    "/users//some-id",
    "/users/bulk/",
  ])("answers 404 for %j: slashes are strict", async (path) => {
    const method = path.startsWith("/users/bulk") ? "POST" : "GET";
    const { response } = await rawExchange(
      ports().users,
      `${requestHead(method, path, { "content-type": "application/json", "content-length": 2 })}{}`,
    );
    expect(expectRawProblem(response, 404).detail).toBe(noRoute);
  });

  it("gives the same answers in-process through app.fetch", async () => {
    const app = target.createProbeApp(served[target.adapter]?.logger ?? { error() {} });
    const status = async (path: string) =>
      (await app.fetch(new Request(`http://localhost${path}`))).status;
    expect(await status("/probe/echo/%00")).toBe(400);
    expect(await status("/probe/echo/%ZZ")).toBe(400);
    expect(await status("/probe/echo/a%2Fb")).toBe(200);
    expect(await status("/probe/echo/a/")).toBe(404);
    expect(await status("//probe/echo/a")).toBe(404);
  });

  it("logged nothing", async () => {
    const status = (port: number, path: string) => async () =>
      (await get(port, path)).response?.status;
    const { users, probe } = ports();
    await expectNothingLogged(served[target.adapter]?.logger, [
      ...badEscapes.flatMap(([raw]): Sent[] => [
        [400, status(users, `/users/${raw}`)],
        [400, status(probe, `/probe/echo/${raw}`)],
      ]),
      [200, status(probe, "/probe/echo/..%2F..%2Fetc%2Fpasswd")],
      [404, status(users, "/users/..%2F..%2Fetc%2Fpasswd")],
      [404, status(probe, "/probe/echo/%2E%2E")],
      [400, status(probe, "/users\\..\\probe\\echo\\y")],
      [404, status(users, "//users")],
    ]);
  });
});
