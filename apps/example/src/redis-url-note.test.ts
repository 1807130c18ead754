import { describe, expect, it } from "vitest";
import { redisUrlNote } from "./redis-url-note.js";

describe("redisUrlNote", () => {
  it("names the server REDIS_URL gives, without its password", () => {
    expect(redisUrlNote({ REDIS_URL: "redis://app:s3cret@cache:6380/2" })).toBe(
      "Redis: redis://cache:6380/2 (REDIS_URL)",
    );
  });

  it("says REDIS_URL is unset, and names a lookalike that is set (a typo)", () => {
    expect(redisUrlNote({ PATH: "/bin" })).toBe("Redis: not used (REDIS_URL is unset)");
    expect(redisUrlNote({ REDIS_ULR: "redis://cache:6379", HOME: "/root" })).toBe(
      "Redis: not used (REDIS_URL is unset; REDIS_ULR is set: did you mean REDIS_URL?)",
    );
    expect(redisUrlNote({ REDIS_URI: "redis://cache", REDIS_URL: "" })).toContain(
      "REDIS_URI is set: did you mean REDIS_URL?",
    );
    // Far from it: not a typo.
    expect(redisUrlNote({ REDIS_PASSWORD: "x" })).toBe("Redis: not used (REDIS_URL is unset)");
  });
});
