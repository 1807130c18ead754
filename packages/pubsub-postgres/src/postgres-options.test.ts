import { TrellisConfigError } from "@trellis/core";
import { describe, expect, it } from "vitest";
import { postgresPubSub } from "./postgres-pubsub.js";

/** The startup error `make` throws: its code and message. */
function refusal(make: () => unknown): { code: string; message: string } {
  try {
    make();
  } catch (error) {
    expect(error).toBeInstanceOf(TrellisConfigError);
    return { code: (error as TrellisConfigError).code, message: (error as Error).message };
  }
  throw new Error("expected a startup error");
}

describe("postgresPubSub options", () => {
  it("refuses every bad option with INVALID_PUBSUB_OPTION, in one form naming option and value", () => {
    const url = "postgres://127.0.0.1:1/none";
    const cases: [() => unknown, string][] = [
      [
        () => postgresPubSub(null as never),
        "postgresPubSub: options is null: it must be an object.",
      ],
      [
        () => postgresPubSub({ url: 5 as never }),
        "postgresPubSub: url is 5: it must be a postgres://",
      ],
      [() => postgresPubSub({ url: "" }), 'postgresPubSub: url is "": it must be a postgres://'],
      [
        () => postgresPubSub({ url, table: "Bad-Name" }),
        'postgresPubSub: table is "Bad-Name": it must be lowercase',
      ],
      [
        () => postgresPubSub({ url, table: 7 as never }),
        "postgresPubSub: table is 7: it must be lowercase",
      ],
      [
        () => postgresPubSub({ url, maxAgeMs: 1.5 }),
        "postgresPubSub: maxAgeMs is 1.5: it must be a whole",
      ],
      [
        () => postgresPubSub({ url, statementTimeoutMs: 600_001 }),
        "postgresPubSub: statementTimeoutMs is 600001: it must be a whole number from 1 to 600000.",
      ],
      [
        () => postgresPubSub({ url, livenessEveryMs: 0 }),
        "postgresPubSub: livenessEveryMs is 0: it must be a whole number from 1 to 600000.",
      ],
    ];
    for (const [make, message] of cases) {
      const { code, message: got } = refusal(make);
      expect(code, message).toBe("INVALID_PUBSUB_OPTION");
      expect(got).toContain(`[INVALID_PUBSUB_OPTION] ${message}`);
    }
  });
});
