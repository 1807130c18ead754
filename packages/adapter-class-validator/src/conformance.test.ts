import "reflect-metadata";
import { runAdapterConformance } from "@trellis/testing/conformance";
import { documents, fixtures } from "./conformance.fixtures.js";
import { classValidator } from "./index.js";

// stopAtFirstError is the adapter's default: one issue per property.
runAdapterConformance({ create: classValidator, fixtures, documents, oneIssuePerPath: true });
