import { runAdapterConformance } from "@trellis/testing/conformance";
import { documents, fixtures } from "./conformance.fixtures.js";
import { typebox } from "./index.js";

// TypeBox's error iterator reports a missing property twice: required, and not of its type.
runAdapterConformance({ create: typebox, fixtures, documents, oneIssuePerPath: false });
