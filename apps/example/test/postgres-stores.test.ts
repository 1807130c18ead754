// With DATABASE_URL alone (no REDIS_URL), two instances share their rate limits and idempotency
// keys through Postgres: one budget per client, one run per Idempotency-Key, whichever instance a
// request reaches.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chooseHttpStores } from "../src/users/http-stores.js";
import { postgresKind } from "./support/databases.js";
import { type RunningExample, startExample } from "./support/example-server.js";

const postgres = postgresKind();
const instances: RunningExample[] = [];
beforeAll(async () => {
  await postgres.start();
  const location = await postgres.create();
  for (let index = 0; index < 2; index++) {
    const example = startExample(undefined, { databasePath: undefined, ...location });
    instances.push(example);
    await example.ready;
  }
}, 120_000);
afterAll(async () => {
  for (const example of instances) await example.stop();
  await postgres.stop();
});

const on = (index: number) => instances[index % 2] as RunningExample;

describe("the example with DATABASE_URL alone", () => {
  it("picks the Postgres stores; Redis keeps precedence", () => {
    expect(chooseHttpStores({ databaseUrl: "postgres://db/app" })).toEqual({
      kind: "postgres",
      url: "postgres://db/app",
    });
    expect(
      chooseHttpStores({ databaseUrl: "postgres://db/app", redisUrl: "redis://cache" }),
    ).toEqual({ kind: "redis", url: "redis://cache" });
    expect(chooseHttpStores({})).toEqual({ kind: "in-process" });
  });

  it("lets exactly 20 of 200 concurrent bulk requests through across two instances", async () => {
    const statuses = await Promise.all(
      Array.from({ length: 200 }, (_, index) =>
        on(index)
          .sendJson("/users/bulk", {
            users: [{ name: `Bulk${index}`, email: `b${index}@example.com` }],
          })
          .then((response) => response.status),
      ),
    );
    const refused = statuses.filter((status) => status === 429).length;
    expect({ passed: statuses.length - refused, refused }).toEqual({ passed: 20, refused: 180 });
  });

  it("creates one user for one Idempotency-Key sent to both instances at once", async () => {
    const headers = { "idempotency-key": '"create-ada"' };
    const body = { name: "Ada", email: "ada@example.com" };
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, index) => on(index).sendJson("/users", body, { headers })),
    );
    const created = answers.filter((response) => response.status === 201);
    // The one that ran and the replays after it: all carry the same user.
    const ids = new Set(
      await Promise.all(
        created.map(async (response) => ((await response.json()) as { id: string }).id),
      ),
    );
    expect(ids.size).toBe(1);
    expect(answers.every((response) => [201, 409].includes(response.status))).toBe(true);
    // A retry after it finished, on either instance, is the replay.
    for (const index of [0, 1]) {
      const replay = await on(index).sendJson("/users", body, { headers });
      expect(replay.status).toBe(201);
      expect(replay.headers.get("idempotent-replayed")).toBe("true");
    }
    const list = (await (await on(0).request("/users?limit=100")).json()) as { email: string }[];
    expect(list.filter((user) => user.email === "ada@example.com")).toHaveLength(1);
  });
});
