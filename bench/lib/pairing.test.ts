import { describe, expect, test } from "bun:test";
import { pairedRuns } from "./pairing.js";

const isRaw = (id: string) => id === "raw";
const order = (runs: { item: string; pair: number | undefined }[]) =>
  runs.map((run) => `${run.item}@${run.pair}`);

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
});
