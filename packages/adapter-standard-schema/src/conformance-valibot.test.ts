import { runAdapterConformance } from "@trellis/testing/conformance";
import { standardSchema } from "./index.js";
import { fixtures } from "./valibot.fixtures.js";

// Valibot's converter refuses a `v.check` (the throwing fixture) unless told to leave it out.
runAdapterConformance({
  create: (options) => standardSchema({ ...options, jsonSchemaOptions: { errorMode: "ignore" } }),
  fixtures,
  oneIssuePerPath: false,
});
