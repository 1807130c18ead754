import { mergeConfig } from "vitest/config";
import { trellisVitestConfig } from "../vitest.shared.ts";

// The harness's own unit tests (options, stats, reports, generated apps): no benchmark runs here.
export default mergeConfig(
  trellisVitestConfig(import.meta.dirname, [
    "lib/**/*.test.ts",
    "startup/**/*.test.ts",
    "soak/**/*.test.ts",
  ]),
  // These tests were written for `bun test`; a file still importing bun:test runs under vitest too.
  { resolve: { alias: { "bun:test": "vitest" } } },
);
