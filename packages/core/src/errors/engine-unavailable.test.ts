import { RedisClient, SQL } from "bun";
import { describe, expect, it } from "vitest";
import { EngineUnavailableError, isEngineUnavailable } from "./engine-unavailable.js";
import { HttpException } from "./http-exception.js";

// Port 1 on loopback: nothing listens there, so Bun's own clients fail the way they do in an outage.
const caught = async (run: () => Promise<unknown>): Promise<unknown> => {
  try {
    await run();
  } catch (error) {
    return error;
  }
  throw new Error("expected a failure");
};

describe("isEngineUnavailable", () => {
  it("knows Bun.sql's refused connection", async () => {
    const sql = new SQL("postgres://postgres@127.0.0.1:1/postgres", { connectionTimeout: 2 });
    const error = await caught(() => sql`select 1`);
    expect((error as { code?: string }).code).toBe("ERR_POSTGRES_CONNECTION_REFUSED");
    expect(isEngineUnavailable(error)).toBe(true);
    await sql.close();
  });

  it("knows RedisClient's closed connection", async () => {
    const client = new RedisClient("redis://127.0.0.1:1", { autoReconnect: false });
    const error = await caught(() => client.send("PING", []));
    expect((error as { code?: string }).code).toBe("ERR_REDIS_CONNECTION_CLOSED");
    expect(isEngineUnavailable(error)).toBe(true);
    client.close();
  });

  it("knows a socket's refusal, its own error, and a cause a wrapper carries", () => {
    expect(isEngineUnavailable(Object.assign(new Error("x"), { code: "ECONNREFUSED" }))).toBe(true);
    expect(isEngineUnavailable(new EngineUnavailableError("redis", "late"))).toBe(true);
    const wrapped = new Error("could not load the user", {
      cause: Object.assign(new Error("closed"), { code: "ERR_POSTGRES_CONNECTION_CLOSED" }),
    });
    expect(isEngineUnavailable(wrapped)).toBe(true);
  });

  it("leaves every other failure alone: a query's own error is the app's bug, a 500", () => {
    expect(isEngineUnavailable(new Error("boom"))).toBe(false);
    expect(isEngineUnavailable(Object.assign(new Error("dup"), { code: "23505" }))).toBe(false);
    expect(
      isEngineUnavailable(
        Object.assign(new Error("syntax"), { code: "ERR_POSTGRES_SYNTAX_ERROR" }),
      ),
    ).toBe(false);
    expect(isEngineUnavailable(new HttpException(409, "taken"))).toBe(false);
    expect(isEngineUnavailable(null)).toBe(false);
    expect(isEngineUnavailable("ECONNREFUSED")).toBe(false);
    const hostile = new Proxy(
      {},
      {
        get() {
          throw new Error("trap");
        },
        getPrototypeOf() {
          throw new Error("trap");
        },
      },
    );
    expect(isEngineUnavailable(hostile)).toBe(false);
  });
});
