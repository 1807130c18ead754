import { runAdapterConformance } from "@trellis/testing/conformance";
import {
  valibotDocuments as documents,
  valibotFixtures as fixtures,
} from "@trellis/testing/fixtures";
import { valibot } from "./index.js";

// Valibot runs every validation action of a pipe: 1.5 against v.integer() and v.minValue(2) gets
// two issues.
runAdapterConformance({ create: valibot, fixtures, documents, oneIssuePerPath: false });
