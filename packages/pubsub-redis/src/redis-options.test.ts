import { TrellisConfigError } from "@trellis/core";
import { describe, expect, it } from "vitest";
import { redisPubSub } from "./redis-options.js";

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

describe("redisPubSub options", () => {
  it("refuses every bad option with INVALID_PUBSUB_OPTION, in one form naming option and value", () => {
    const cases: [() => unknown, string][] = [
      [() => redisPubSub(null as never), "redisPubSub: options is null: it must be an object."],
      [() => redisPubSub({ url: 6379 as never }), "redisPubSub: url is 6379: it must be a URL"],
      [() => redisPubSub({ url: "" }), 'redisPubSub: url is "": it must be a URL'],
      [() => redisPubSub({ key: "" }), 'redisPubSub: key is "": it must be a non-empty string.'],
      [() => redisPubSub({ key: 5 as never }), "redisPubSub: key is 5: it must be"],
      [() => redisPubSub({ maxEvents: 0 }), "redisPubSub: maxEvents is 0: it must be a whole"],
    ];
    for (const [make, message] of cases) {
      const { code, message: got } = refusal(make);
      expect(code, message).toBe("INVALID_PUBSUB_OPTION");
      expect(got).toContain(`[INVALID_PUBSUB_OPTION] ${message}`);
    }
  });

  it("accepts the defaults without connecting", async () => {
    const pubsub = redisPubSub({ url: "redis://127.0.0.1:1", key: "k" });
    expect(pubsub.status().engine).toBe("redis");
    await pubsub.close();
  });
});
