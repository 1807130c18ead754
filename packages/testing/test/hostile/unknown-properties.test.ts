// Undeclared body properties: stripped by default (no mass assignment), and the adapters'
// documented `unknownProperties` option ("reject", "keep") must take effect.
import { describe, expect, it } from "vitest";
import { expectProblem } from "./support/problem.js";
import { logLines, recordingLogger } from "./support/recording-logger.js";
import { serveTargets } from "./support/served-targets.js";
import { targets } from "./support/targets.js";

const served = serveTargets();
const post = (fetcher: (request: Request) => Response | Promise<Response>, body: string) =>
  fetcher(
    new Request("http://localhost/probe/numbers", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body,
    }),
  );

describe.each(targets)("unknown properties: $label", (target) => {
  it("strips them by default: the handler never sees them", async () => {
    const response = await post(
      target.createProbeApp(recordingLogger()).fetch,
      '{"n":1,"role":"admin","isAdmin":true}',
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ n: 1 });
  });

  it("strips them in the users API: a client cannot choose its id or add fields", async () => {
    const response = await served[target.adapter]?.users.request("/users", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        id: "mine",
        role: "admin",
        name: "Eve",
        email: `eve-${crypto.randomUUID()}@example.com`,
      }),
    });
    expect(response?.status).toBe(201);
    const user = (await response?.json()) as Record<string, unknown>;
    expect(Object.keys(user).sort()).toEqual(["email", "id", "name"]);
    expect(user.id).not.toBe("mine");
  });

  it('answers 400 naming each one with the adapter option unknownProperties: "reject"', async () => {
    const logger = recordingLogger();
    const problem = await expectProblem(
      await post(target.createProbeApp(logger, "reject").fetch, '{"n":1,"role":"admin"}'),
      400,
    );
    expect(problem.errors).toEqual([expect.objectContaining({ in: "body", path: "/role" })]);
    expect(logLines(logger)).toEqual([]);
  });

  it('keeps them with the adapter option unknownProperties: "keep"', async () => {
    const response = await post(
      target.createProbeApp(recordingLogger(), "keep").fetch,
      '{"n":1,"role":"admin"}',
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ n: 1, role: "admin" });
  });
});
