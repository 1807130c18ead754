import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { conformanceApp } from "../src/app.js";
import { runSuite, type SuiteRun } from "./run-suite.js";

let server: ReturnType<typeof Bun.serve>;
let endpoint: string;
beforeAll(() => {
  const app = conformanceApp();
  server = Bun.serve({ port: 0, routes: app.routes, fetch: app.fetch });
  // localhost, not 127.0.0.1: the suite's DNS rebinding scenario needs a localhost URL.
  endpoint = `http://localhost:${server.port}/mcp`;
});
afterAll(() => server.stop(true));

/** The scenarios whose every check passed (none failed, at least one succeeded). */
const passed = (run: SuiteRun) =>
  [...run.checks]
    .filter(([, checks]) => checks.some(({ status }) => status === "SUCCESS"))
    .filter(([, checks]) => !checks.some(({ status }) => status === "FAILURE"))
    .map(([scenario]) => scenario);

const failures = (run: SuiteRun) =>
  [...run.checks]
    .flatMap(([scenario, checks]) =>
      checks.filter(({ status }) => status === "FAILURE").map(({ id }) => `${scenario}: ${id}`),
    )
    .join("\n");

describe("the official MCP conformance suite's requirement sets", () => {
  it("2026-07-28: every required scenario passes", async () => {
    const baseline = join(import.meta.dirname, "baseline-2026-07-28.yml");
    const run = await runSuite(endpoint, "2026-07-28", baseline, 60);
    expect(run.code, `${run.printed}\n${failures(run)}`).toBe(0);
    // The fixtures declared through Trellis's API: tools, resources, prompts, completions.
    expect(passed(run)).toEqual(
      expect.arrayContaining([
        "tools-list",
        "tools-call-simple-text",
        "tools-call-image",
        "tools-call-audio",
        "tools-call-embedded-resource",
        "tools-call-mixed-content",
        "tools-call-error",
        "tools-call-with-progress",
        "resources-list",
        "resources-read-text",
        "resources-read-binary",
        "resources-templates-read",
        "sep-2164-resource-not-found",
        "prompts-list",
        "prompts-get-simple",
        "prompts-get-with-args",
        "prompts-get-embedded-resource",
        "prompts-get-with-image",
        "completion-complete",
        "dns-rebinding-protection",
        "caching",
        "server-sse-multiple-streams",
        "server-stateless",
        "input-required-result-basic-elicitation",
        "input-required-result-multi-round",
        "input-required-result-tampered-state",
        "input-required-result-non-tool-request",
        "input-required-result-capability-check",
      ]),
    );
  }, 90_000);

  it("2025-11-25: every required scenario passes but those the baseline lists", async () => {
    const baseline = join(import.meta.dirname, "baseline-2025-11-25.yml");
    const run = await runSuite(endpoint, "2025-11-25", baseline, 60);
    expect(run.code, `${run.printed}\n${failures(run)}`).toBe(0);
    expect(passed(run)).toEqual(
      expect.arrayContaining([
        "server-initialize",
        "ping",
        "logging-set-level",
        "tools-call-with-logging",
        "tools-call-with-progress",
        "tools-call-mixed-content",
        "resources-templates-read",
        "prompts-get-with-args",
        "completion-complete",
        "dns-rebinding-protection",
        // Server-to-client requests during a call, answered in POSTs of their own.
        "tools-call-sampling",
        "tools-call-elicitation",
        "elicitation-sep1034-defaults",
        "elicitation-sep1330-enums",
      ]),
    );
  }, 90_000);
});
