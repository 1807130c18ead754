import { describe, expect, test } from "vitest";
import { pairedRuns, twinRuns } from "./pairing.js";

const isRaw = (id: string) => id === "raw";
const order = (runs: { item: string; pair: number | undefined }[]) =>
  runs.map((run) => `${run.item}@${run.pair}`);
const twinOrder = (runs: { item: string; pair: number | undefined; scenario: string }[]) =>
  runs.map((run) => `${run.scenario}:${run.item}@${run.pair}`);

describe("pairedRuns", () => {
  test("every target runs beside a raw run with its own pair number, raw first in even rounds", () => {
    expect(order(pairedRuns(["raw", "a", "b"], isRaw, 0, 0, 10))).toEqual([
      "raw@10",
      "a@10",
      "raw@11",
      "b@11",
    ]);
  });

  test("odd rounds put raw second; the targets' order rotates", () => {
    expect(order(pairedRuns(["raw", "a", "b", "c"], isRaw, 1, 1, 0))).toEqual([
      "b@0",
      "raw@0",
      "c@1",
      "raw@1",
      "a@2",
      "raw@2",
    ]);
  });

  test("without a raw target, or with raw alone, each runs once, unpaired", () => {
    expect(order(pairedRuns(["a", "b"], isRaw, 0, 1, 0))).toEqual(["b@undefined", "a@undefined"]);
    expect(order(pairedRuns(["raw"], isRaw, 3, 0, 0))).toEqual(["raw@undefined"]);
  });

  test("a whole-object scenario and its twin: a target's two runs back to back, each beside raw", () => {
    const plan = (round: number, first: number, items = ["raw", "a", "b"]) =>
      pairedRuns(items, isRaw, round, round, first);
    const runs = (round: number) =>
      twinOrder(
        twinRuns(
          { scenario: "S1", runs: plan(round, 0) },
          { scenario: "S1s", runs: plan(round, 10) },
          isRaw,
          round,
        ),
      );
    expect(runs(0)).toEqual([
      "S1:raw@0",
      "S1:a@0",
      "S1s:a@10",
      "S1s:raw@10",
      "S1:raw@1",
      "S1:b@1",
      "S1s:b@11",
      "S1s:raw@11",
    ]);
    expect(runs(1)).toEqual([
      "S1s:raw@10",
      "S1s:b@10",
      "S1:b@0",
      "S1:raw@0",
      "S1s:raw@11",
      "S1s:a@11",
      "S1:a@1",
      "S1:raw@1",
    ]);
  });

  test("a target serving only one of the twins keeps its plain pair", () => {
    const runs = twinOrder(
      twinRuns(
        { scenario: "S1", runs: pairedRuns(["raw", "a", "b"], isRaw, 0, 0, 0) },
        { scenario: "S1s", runs: pairedRuns(["raw", "a", "c"], isRaw, 0, 0, 10) },
        isRaw,
        0,
      ),
    );
    expect(runs).toEqual([
      "S1:raw@0",
      "S1:a@0",
      "S1s:a@10",
      "S1s:raw@10",
      "S1:raw@1",
      "S1:b@1",
      "S1s:raw@11",
      "S1s:c@11",
    ]);
  });
});
