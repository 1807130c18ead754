import { runAdapterConformance } from "@trellis/testing/conformance";
import { fixtures } from "./arktype.fixtures.js";
import { arktypeFileOptions, standardSchema } from "./index.js";

// ArkType's converter has no JSON Schema for a File: its `fallback` option supplies it.
runAdapterConformance({
  create: (options) => standardSchema({ ...options, jsonSchemaOptions: arktypeFileOptions }),
  fixtures,
  oneIssuePerPath: false,
});
