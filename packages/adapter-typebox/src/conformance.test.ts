import { runAdapterConformance } from "../../../testing/adapter-conformance/run-conformance.js";
import { fixtures } from "./conformance.fixtures.js";
import { typebox } from "./index.js";

runAdapterConformance({ create: typebox, fixtures });
