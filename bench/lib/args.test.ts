import { describe, expect, test } from "vitest";
import { parseBenchArgs } from "./args.js";

describe("parseBenchArgs", () => {
  test("defaults: 5 rounds x 5 s x 64 connections, 500 and 1000 routes", () => {
    const options = parseBenchArgs([]);
    expect(options).toMatchObject({
      rounds: 5,
      duration: 5,
      connections: 64,
      warmup: 2,
      routeCounts: [100, 250, 500, 1000],
      targets: [],
      strict: false,
      timeFailed: false,
      serverCpu: "0",
      clientCpu: "1",
      out: "RESULTS.md",
    });
  });

  test("reads options, including after the `--` pnpm passes through", () => {
    const options = parseBenchArgs([
      "--",
      "--rounds",
      "7",
      "--duration",
      "10",
      "--targets",
      "raw,elysia",
      "--routes",
      "100,200",
      "--strict",
    ]);
    expect(options.rounds).toBe(7);
    expect(options.duration).toBe(10);
    expect(options.targets).toEqual(["raw", "elysia"]);
    expect(options.routeCounts).toEqual([100, 200]);
    expect(options.strict).toBe(true);
  });

  test("rejects bad numbers and unknown options", () => {
    expect(() => parseBenchArgs(["--rounds", "0"])).toThrow(/--rounds must be a positive integer/);
    expect(() => parseBenchArgs(["--duration", "1.5"])).toThrow(/--duration/);
    expect(() => parseBenchArgs(["--bogus"])).toThrow(/Usage/);
  });
});
