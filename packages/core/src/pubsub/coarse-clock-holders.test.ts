import { describe, expect, it } from "vitest";
import { coarseNow, holdCoarseClock } from "./coarse-clock.js";
import { inProcessPubSub } from "./in-process-pubsub.js";
import { isThenable } from "./is-thenable.js";

// Whether the coarse clock is held, seen without timing anything: inside one synchronous stretch
// its timer cannot tick, so a held clock reads the same before and after the real clock moved,
// and a released one follows the real clock. A release that counts twice, or a timer never
// cleared, shows up as the wrong answer, not as a slower one.
function frozen(): boolean {
  const before = coarseNow();
  const start = Date.now();
  while (Date.now() < start + 3) {
    // the real clock moves; no timer runs inside this loop
  }
  return coarseNow() === before;
}

describe("holdCoarseClock", () => {
  it("holds while any holder holds, a second release of one holder changing nothing", () => {
    expect(frozen()).toBe(false);
    const first = holdCoarseClock();
    expect(frozen()).toBe(true);
    const second = holdCoarseClock();
    first();
    first();
    expect(frozen()).toBe(true);
    second();
    expect(frozen()).toBe(false);
    const again = holdCoarseClock();
    expect(frozen()).toBe(true);
    again();
    expect(frozen()).toBe(false);
  });

  it("is released by the in-process pub/sub's close, and close needs no open", () => {
    const opened = inProcessPubSub();
    opened.open?.({ logger: console });
    expect(frozen()).toBe(true);
    opened.close?.();
    expect(frozen()).toBe(false);
    expect(() => inProcessPubSub().close?.()).not.toThrow();
  });
});

describe("isThenable", () => {
  it("is true for what await would wait for, false otherwise", () => {
    expect(isThenable(Promise.resolve(1))).toBe(true);
    // biome-ignore lint/suspicious/noThenProperty: a hand-made thenable is what is tested
    expect(isThenable({ then() {} })).toBe(true);
    // biome-ignore lint/suspicious/noThenProperty: a callable thenable is what is tested
    const callable = Object.assign(() => 1, { then() {} });
    expect(isThenable(callable)).toBe(true);
    const notThenables: unknown[] = [null, undefined, 1, "then", () => 1];
    // biome-ignore lint/suspicious/noThenProperty: objects with a then that is no function
    notThenables.push({ then: 1 }, { then: "x" });
    for (const value of notThenables) {
      expect(isThenable(value), String(value)).toBe(false);
    }
  });
});
