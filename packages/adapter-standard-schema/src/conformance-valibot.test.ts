import { runAdapterConformance } from "@trellis/testing/conformance";
import { standardSchema, valibotFileOptions } from "./index.js";
import { fixtures } from "./valibot.fixtures.js";

// Valibot's converter refuses a `v.check` (the throwing fixture) unless told to leave it out, and
// has no JSON Schema for `v.file()` unless given one (`valibotFileOptions`).
runAdapterConformance({
  create: (options) =>
    standardSchema({
      ...options,
      jsonSchemaOptions: { errorMode: "ignore", ...valibotFileOptions },
    }),
  fixtures,
  oneIssuePerPath: false,
});
