import { mergeConfig } from "vitest/config";
import { trellisVitestConfig } from "../../vitest.shared.ts";

export default mergeConfig(trellisVitestConfig(import.meta.dirname), {
  // The end-to-end suites serve the example, whose `docs: { swagger: true }` loads
  // @trellis/swagger-ui from its dist: build it once before the suites.
  test: {
    globalSetup: ["test/support/build-packages.ts"],
    // Counts what each hostile suite sends, for HOSTILE.md (scripts/hostile-report.mjs).
    setupFiles: ["test/hostile/support/count-requests.ts"],
  },
});
