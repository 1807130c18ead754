import type { InstructionResults } from "./instructions-results.js";

export function writeInstructionReports(_results: InstructionResults, _benchDir: string): void {}
