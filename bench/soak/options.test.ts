import { describe, expect, test } from "vitest";
import { defaultSoakOptions, parseSoakArgs } from "./options.js";

describe("parseSoakArgs", () => {
  test("defaults: 60 s after a 10 s warm-up, RSS growth under 10%", () => {
    expect(parseSoakArgs([])).toEqual(defaultSoakOptions);
    expect(defaultSoakOptions).toMatchObject({
      durationSeconds: 60,
      warmupSeconds: 10,
      maxRssGrowth: 0.1,
    });
  });

  test("reads every option", () => {
    expect(
      parseSoakArgs([
        "--duration",
        "5",
        "--warmup",
        "1",
        "--connections",
        "4",
        "--email-pool",
        "10",
        "--max-rss-growth",
        "0.2",
        "--out",
        "x.md",
        "--results",
        "y.md",
      ]),
    ).toEqual({
      durationSeconds: 5,
      warmupSeconds: 1,
      connections: 4,
      emailPool: 10,
      maxRssGrowth: 0.2,
      out: "x.md",
      results: "y.md",
    });
  });

  test("refuses unknown options and bad values", () => {
    expect(() => parseSoakArgs(["--rounds", "3"])).toThrow(/unknown option --rounds/);
    expect(() => parseSoakArgs(["--duration", "0"])).toThrow(/positive integer/);
    expect(() => parseSoakArgs(["--duration", "1.5"])).toThrow(/positive integer/);
    expect(() => parseSoakArgs(["--duration"])).toThrow(/needs a value/);
  });
});
