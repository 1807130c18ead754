import { mergeConfig } from "vitest/config";
import { trellisVitestConfig } from "../../vitest.shared.ts";

export default mergeConfig(trellisVitestConfig(import.meta.dirname), {
  // The example also runs as users run it (plain `bun src/main.ts`, Swagger UI loaded by core):
  // that needs the packages' dist, so build it once before the suites.
  test: { globalSetup: ["test/support/build-packages.ts"] },
});
