import { describe, expect, test } from "vitest";
import { orderBody } from "../targets/shared/orders.js";
import { parseBenchArgs } from "./args.js";
import {
  SCENARIO_IDS,
  scenarioById,
  scenariosOfRun,
  selectScenarios,
  wrkScript,
} from "./scenarios.js";

describe("scenario selection", () => {
  test("all scenarios by default, in report order", () => {
    expect(selectScenarios([]).map((s) => s.id)).toEqual([...SCENARIO_IDS]);
    expect(parseBenchArgs([]).scenarios).toEqual([...SCENARIO_IDS]);
  });

  test("--scenarios picks a subset, kept in report order", () => {
    expect(parseBenchArgs(["--scenarios", "S4,S1"]).scenarios).toEqual(["S1", "S4"]);
  });

  test("unknown scenario ids are refused with the known ones", () => {
    expect(() => parseBenchArgs(["--scenarios", "S1,S9"])).toThrow(/Unknown scenario\(s\): S9/);
  });

  test("results saved before scenarios were selectable cover every scenario (missing ones are n/a)", () => {
    expect(scenariosOfRun({}).map((s) => s.id)).toEqual([...SCENARIO_IDS]);
    expect(scenariosOfRun({ scenarios: ["S2"] }).map((s) => s.id)).toEqual(["S2"]);
  });
});

describe("wrk scripts from the scenario data", () => {
  const longString = (script: string, key: string) => {
    const match = new RegExp(`${key} = \\[(=*)\\[([\\s\\S]*?)\\]\\1\\]`).exec(script);
    return match?.[2];
  };

  test("a plain GET needs no script", () => {
    expect(wrkScript(scenarioById("S1"))).toBeUndefined();
    expect(wrkScript(scenarioById("S3s"))).toBeUndefined();
  });

  test("S4 sends the bearer token and the tenant header", () => {
    const script = wrkScript(scenarioById("S4"))!;
    expect(script).toContain('wrk.method = "GET"');
    expect(script).toContain('wrk.headers["authorization"] = "Bearer bench-secret-token"');
    expect(script).toContain('wrk.headers["x-tenant-id"] = "tenant-42"');
  });

  test("S5's body is exactly JSON.stringify(orderBody()), about 16.9 KB", () => {
    const body = longString(wrkScript(scenarioById("S5"))!, "wrk.body");
    expect(body).toBe(JSON.stringify(orderBody()));
    expect(body!.length).toBeGreaterThan(16_000);
    expect(body!.length).toBeLessThan(18_000);
  });

  test("S6 posts the invalid user as JSON", () => {
    const script = wrkScript(scenarioById("S6"))!;
    expect(script).toContain('wrk.method = "POST"');
    expect(script).toContain('wrk.headers["content-type"] = "application/json"');
    expect(longString(script, "wrk.body")).toBe('{"name":"","email":"not-an-email"}');
  });

  test("a body containing ]] gets a longer bracket level", () => {
    const script = wrkScript({ ...scenarioById("S2"), body: '{"a":[[1]]}' })!;
    expect(script).toContain('wrk.body = [=[{"a":[[1]]}]=]');
  });
});
