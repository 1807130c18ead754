// Reads a Stryker JSON report (mutation-testing-report-schema) into the figures scripts/mutation.mjs
// prints: killed (a test failed, or the mutant hung past Stryker's timeout), survived (every test
// passed), no coverage (no test ran the line), and the score killed / (killed + survived + no coverage).
// Mutants that did not compile or broke the suite's loading count apart as errors (Stryker's own
// rule), and static mutants skipped by --ignore-static apart as ignored.
import { readFileSync } from "node:fs";

const detected = new Set(["Killed", "Timeout"]);
const undetected = new Set(["Survived", "NoCoverage"]);

export function readScore(reportFile) {
  const report = JSON.parse(readFileSync(reportFile, "utf8"));
  const figures = { killed: 0, survived: 0, noCoverage: 0, errors: 0, ignored: 0, survivors: [] };
  for (const [file, { source, mutants }] of Object.entries(report.files)) {
    const lines = source.split("\n");
    for (const mutant of mutants) {
      if (detected.has(mutant.status)) figures.killed += 1;
      else if (undetected.has(mutant.status)) {
        if (mutant.status === "Survived") figures.survived += 1;
        else figures.noCoverage += 1;
        figures.survivors.push(describe(file, lines, mutant));
      } else if (mutant.status === "Ignored") figures.ignored += 1;
      else figures.errors += 1;
    }
  }
  return figures;
}

export function scoreOf({ killed, survived, noCoverage }) {
  const valid = killed + survived + noCoverage;
  return valid === 0 ? 100 : (100 * killed) / valid;
}

export function addUp(all) {
  const total = { killed: 0, survived: 0, noCoverage: 0, errors: 0, ignored: 0, survivors: [] };
  for (const figures of all) {
    for (const key of ["killed", "survived", "noCoverage", "errors", "ignored"]) {
      total[key] += figures[key];
    }
  }
  return total;
}

function describe(file, lines, { status, mutatorName, replacement, location }) {
  const { start, end } = location;
  const original =
    start.line === end.line
      ? lines[start.line - 1].slice(start.column - 1, end.column - 1)
      : `${lines[start.line - 1].slice(start.column - 1)}…`;
  const where = `${file}:${start.line}:${start.column}`;
  const shown = (text) => JSON.stringify(text.length > 80 ? `${text.slice(0, 77)}…` : text);
  return `${status === "NoCoverage" ? "no coverage" : "survived"} ${where} ${mutatorName}: ${shown(original)} -> ${shown(replacement ?? "")}`;
}
