import { Controller, Get, Inject, Injectable, Route } from "@trellis/core";
import { SQL } from "bun";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appUnderTest, send } from "../app-under-test.js";
import { within } from "../within.js";
import type { RunningEngine } from "./engine-process.js";
import { startPostgres } from "./start-postgres.js";

// Core's error path on a real engine: a Postgres that goes away is a 503 with Retry-After from
// every route that needed it, whether the provider's query failed or the provider wrapped that
// failure in an error of its own (with the driver's as cause), never a 500 with the driver's message.

let postgres: RunningEngine;
let sql: SQL;

@Injectable()
class Database {
  count() {
    return sql`select count(*)::int as n from pg_class`.then((rows) => Number(rows[0]?.n));
  }

  async tenant(): Promise<string> {
    try {
      const [row] = await sql`select 'acme' as name`;
      return row.name;
    } catch (error) {
      throw new Error("could not load the tenant", { cause: error });
    }
  }
}

@Route("/db")
class DatabaseController extends Controller {
  constructor(@Inject(Database) private readonly database: Database) {
    super();
  }

  @Get("count")
  async count() {
    return { positive: (await this.database.count()) > 0 };
  }

  @Get("tenant")
  async tenant() {
    return { tenant: await this.database.tenant() };
  }
}

beforeAll(async () => {
  postgres = await startPostgres();
  sql = new SQL(postgres.url, { connectionTimeout: 2, max: 2 });
});
afterAll(async () => {
  await sql?.close();
  await postgres?.stop();
});

describe("an engine that goes away under a running app", () => {
  it("answers 503 problem+json with Retry-After, logs the outage once, and serves again after", async () => {
    const app = appUnderTest([DatabaseController], {
      providers: [Database],
      openapi: { undeclaredResponses: "off" },
      sendUndeclared: true,
    });
    const get = (path = "/db/count") =>
      within(send(app, "GET", path), 15, `an answer from ${path}`);
    const first = await get();
    expect([first.status, await first.json()]).toEqual([200, { positive: true }]);
    expect(await (await get("/db/tenant")).json()).toEqual({ tenant: "acme" });

    await postgres.down();
    const statuses: number[] = [];
    for (let index = 0; index < 6; index++) {
      const answer = await get(index % 2 === 0 ? "/db/count" : "/db/tenant");
      statuses.push(answer.status);
      expect(answer.headers.get("retry-after")).toBe("1");
      expect(answer.headers.get("content-type")).toBe("application/problem+json");
      const text = await answer.text();
      expect(JSON.parse(text)).toMatchObject({ status: 503, title: "Service Unavailable" });
      // Nothing of the driver's: no code, no address, no message.
      expect(text).not.toMatch(/POSTGRES|127\.0\.0\.1|refused|closed/i);
    }
    expect(statuses).toEqual([503, 503, 503, 503, 503, 503]);
    // One line on entry, not one per request.
    expect(app.logged.map(([message]) => String(message))).toEqual([
      expect.stringMatching(/^Outage: an engine \(database, cache\) is unavailable/),
    ]);

    await postgres.up();
    let back: Response | undefined;
    for (let attempt = 0; attempt < 50 && back?.status !== 200; attempt++) {
      back = await get();
      if (back.status !== 200) await Bun.sleep(100);
    }
    expect(back?.status).toBe(200);
    await app.close();
  });
});
