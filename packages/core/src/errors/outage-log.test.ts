import { describe, expect, it } from "vitest";
import type { Logger } from "./logger.js";
import { outageLog } from "./outage-log.js";

function recording() {
  const lines: [level: string, message: string][] = [];
  const logger: Logger = {
    error: (message) => lines.push(["error", message]),
    warn: (message) => lines.push(["warn", message]),
  };
  return { lines, logger };
}

describe("outageLog", () => {
  it("logs an outage once on entry and once on exit, with the requests it affected", () => {
    const { lines, logger } = recording();
    const outage = outageLog(logger, "the store", "requests are let through");
    outage.recovered(); // no outage: nothing to say
    for (let index = 0; index < 30; index++) outage.failed(new Error("down"));
    expect(outage.affected).toBe(30);
    outage.recovered();
    outage.recovered();
    expect(outage.affected).toBe(0);
    expect(lines).toEqual([
      ["error", "Outage: the store is unavailable; requests are let through until it answers."],
      [
        "warn",
        expect.stringMatching(
          /^Outage over: the store answers again after \d+\.\d s; 30 requests affected \(requests are let through\)\.$/,
        ),
      ],
    ]);
    // A second outage is logged again, counted from one.
    outage.failed(new Error("down again"));
    outage.recovered();
    expect(lines).toHaveLength(4);
    expect(lines[3]?.[1]).toContain("; 1 request affected");
  });

  it("survives a logger that throws", () => {
    const outage = outageLog(
      {
        error: () => {
          throw new Error("no disk");
        },
      },
      "the store",
      "refused",
    );
    expect(() => outage.failed(new Error("down"))).not.toThrow();
    expect(() => outage.recovered()).not.toThrow();
  });
});
