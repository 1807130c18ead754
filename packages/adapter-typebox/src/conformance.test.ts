import { runAdapterConformance } from "@trellis/testing/conformance";
import { documents, fixtures } from "./conformance.fixtures.js";
import { typebox } from "./index.js";
import { typebox034 } from "./typebox-034.js";

// @sinclair/typebox 0.34: through `typebox()` with both lines installed, and through the 0.34 line
// alone, as an app with only `@sinclair/typebox` installed gets it. TypeBox's error iterator
// reports a missing property twice: required, and not of its type.
runAdapterConformance({ create: typebox, fixtures, documents, oneIssuePerPath: false });
runAdapterConformance({
  create: (options) => typebox034(options ?? {}),
  fixtures,
  documents,
  oneIssuePerPath: false,
});
