import { runAdapterConformance } from "@trellis/testing/conformance";
import { fixtures } from "./conformance-1.fixtures.js";
import { typebox } from "./index.js";
import { typebox1 } from "./typebox-1.js";

// TypeBox 1.x (`typebox`): through `typebox()` with both lines installed, and through the 1.x line
// alone, as an app with only `typebox` installed gets it.
runAdapterConformance({ create: typebox, fixtures, oneIssuePerPath: false });
runAdapterConformance({
  create: (options) => typebox1(options ?? {}),
  fixtures,
  oneIssuePerPath: false,
});
