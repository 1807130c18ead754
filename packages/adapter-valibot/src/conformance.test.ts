import { runAdapterConformance } from "@trellis/testing/conformance";
import { documents, fixtures } from "./conformance.fixtures.js";
import { valibot } from "./index.js";

// Valibot runs every validation action of a pipe: 1.5 against v.integer() and v.minValue(2) gets
// two issues.
runAdapterConformance({ create: valibot, fixtures, documents, oneIssuePerPath: false });
