import { types } from "node:util";
import { describe, expect, it } from "vitest";
import { withKeys } from "./input-size.js";
import { countOperations, expectLinearGrowth, expectLinearWork } from "./operation-count.js";

const keysOf = (size: number) => withKeys(size, {});

describe("countOperations", () => {
  it("counts reads, key listings and `in` on the input and on what is read from it", () => {
    const counted = countOperations({ a: 1, nested: { b: [1, 2] } });
    const view = counted.view;
    expect(view.a).toBe(1); // 1
    expect(Object.keys(view.nested)).toEqual(["b"]); // 1 (nested) + ownKeys + 1 descriptor
    expect("b" in view.nested).toBe(true); // 1 (nested) + has
    expect(view.nested.b.length).toBe(2); // nested, b, length
    expect(counted.operations()).toBe(1 + 3 + 2 + 3);
  });

  it("answers the same proxy for the same object, and leaves other objects unwrapped", () => {
    const date = new Date(0);
    const { view } = countOperations({ inner: {}, date, list: [{}] });
    expect(view.inner).toBe(view.inner);
    expect(view.date).toBe(date);
    expect(view.date.getTime()).toBe(0);
    expect(Array.isArray(view.list)).toBe(true);
  });

  it("works on frozen inputs and records without a prototype", () => {
    const frozen = Object.freeze({ inner: Object.freeze({ a: 1 }) });
    const counted = countOperations(frozen);
    expect(counted.view.inner.a).toBe(1);
    const record = countOperations(Object.assign(Object.create(null), { a: { b: 1 } }));
    expect(Object.getPrototypeOf(record.view)).toBe(null);
    expect(record.view.a.b).toBe(1);
    expect(record.operations()).toBe(3);
  });
});

describe("expectLinearWork", () => {
  it("passes linear, constant and capped work", async () => {
    const linear = await expectLinearWork((input) => Object.values(input as object), keysOf);
    expect(linear.counts).toEqual([1 + 2_000, 1 + 4_000, 1 + 8_000]);
    await expectLinearWork((input) => (input as Record<string, unknown>).k0, keysOf);
    const capped = (input: unknown) => Object.keys(input as object).slice(0, 100);
    await expectLinearWork(capped, keysOf);
  });

  it("fails work that reads every key again for each key", async () => {
    const quadratic = (input: unknown) => {
      const record = input as Record<string, unknown>;
      for (const key of Object.keys(record)) Object.hasOwn(record, key) && Object.keys(record);
    };
    await expect(expectLinearWork(quadratic, keysOf, 100)).rejects.toThrow(
      "more work per element as the input grows",
    );
  });

  it("fails work that never reads its input, or answers differently through the proxies", async () => {
    await expect(expectLinearWork(() => 1, keysOf)).rejects.toThrow("nothing was counted");
    const proxySniffer = (input: unknown) => types.isProxy(input);
    await expect(expectLinearWork(proxySniffer, keysOf)).rejects.toThrow(
      "the same answer through the counting proxies",
    );
  });
});

describe("expectLinearGrowth", () => {
  it("judges any deterministic count, synchronous or not", async () => {
    await expectLinearGrowth(async (size) => 3 * size + 7);
    await expect(expectLinearGrowth((size) => size * size)).rejects.toThrow();
  });
});
