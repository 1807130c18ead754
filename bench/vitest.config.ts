import { mergeConfig } from "vitest/config";
import { trellisVitestConfig } from "../vitest.shared.ts";

// The harness's own unit tests (options, stats, reports, generated apps) and the typed client's
// type-check budget (exact instantiation counts): no timed benchmark runs here.
export default mergeConfig(
  trellisVitestConfig(import.meta.dirname, [
    "lib/**/*.test.ts",
    "startup/**/*.test.ts",
    "soak/**/*.test.ts",
    "types/**/*.test.ts",
  ]),
  // These tests were written for `bun test`; a file still importing bun:test runs under vitest too.
  { resolve: { alias: { "bun:test": "vitest" } } },
);
