import "reflect-metadata";
import { runAdapterConformance } from "../../../testing/adapter-conformance/run-conformance.js";
import { fixtures } from "./conformance.fixtures.js";
import { classValidator } from "./index.js";

// stopAtFirstError is the adapter's default: one issue per property.
runAdapterConformance({ create: classValidator, fixtures, oneIssuePerPath: true });
