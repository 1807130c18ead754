import { describe, expect, it } from "vitest";
import { guideNginxConfig, runScaleOut } from "./support/scale-out.js";

describe("scale-out behind nginx (docs/deployment.md's configuration)", () => {
  it("uses the guide's nginx block with the test's ports", () => {
    const config = guideNginxConfig([4001, 4002], 4000);
    expect(config).toContain("server 127.0.0.1:4001 max_fails=0;");
    expect(config).toContain("server 127.0.0.1:4002 max_fails=0;");
    expect(config).toContain("listen 127.0.0.1:4000;");
  });

  it("loses no request while both example processes are restarted one after the other under load", async () => {
    const result = await runScaleOut({ durationSeconds: 12, connections: 16 });
    // Both old processes drained and exited cleanly, and their replacements came up.
    expect(result.restarts.map((restart) => restart.exitCode)).toEqual([0, 0]);
    expect(result.wrk.requests).toBeGreaterThan(0);
    expect(result.wrk.socketErrors, result.wrk.text).toBe(0);
    expect(result.wrk.non2xx, `${result.wrk.text}\n${result.nginxErrors}`).toBe(0);
  }, 180_000);
});
