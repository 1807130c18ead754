import { afterEach, describe, expect, it, vi } from "vitest";
import { engineDeadline } from "./engine-deadline.js";
import { EngineUnavailableError } from "./engine-unavailable.js";

describe("engineDeadline", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("answers what the engine answered in time, and clears its timer", async () => {
    vi.useFakeTimers();
    const late: unknown[] = [];
    expect(
      await engineDeadline(Promise.resolve(7), "redis", 100, (error) => late.push(error)),
    ).toBe(7);
    await expect(
      engineDeadline(Promise.reject(new Error("refused")), "redis", 100),
    ).rejects.toThrow("refused");
    expect(vi.getTimerCount()).toBe(0);
    expect(late).toEqual([]);
  });

  it("fails as the engine unavailable at the deadline, telling onLate, and drops a late answer", async () => {
    vi.useFakeTimers();
    let answer: (value: number) => void = () => {};
    const work = new Promise<number>((resolve) => {
      answer = resolve;
    });
    const late: unknown[] = [];
    const call = engineDeadline(work, "postgres", 300, (error) => late.push(error));
    const failed = call.then(
      () => undefined,
      (error: unknown) => error,
    );
    await vi.advanceTimersByTimeAsync(299);
    expect(late).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    const error = await failed;
    expect(error).toBeInstanceOf(EngineUnavailableError);
    expect((error as EngineUnavailableError).message).toBe("postgres: no answer within 300 ms");
    expect((error as EngineUnavailableError).engine).toBe("postgres");
    expect(late).toEqual([error]);
    answer(1);
    await expect(engineDeadline(work, "redis", 5, undefined, "a read had no answer")).resolves.toBe(
      1,
    );
  });

  it("says why in the engine's words when given them", async () => {
    vi.useFakeTimers();
    const call = engineDeadline(
      new Promise(() => {}),
      "redis",
      10,
      undefined,
      "a read had no answer",
    );
    const failed = call.catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(10);
    expect(((await failed) as Error).message).toBe("redis: a read had no answer");
  });
});
