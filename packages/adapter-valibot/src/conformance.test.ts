import { runAdapterConformance } from "../../../testing/adapter-conformance/run-conformance.js";
import { fixtures } from "./conformance.fixtures.js";
import { valibot } from "./index.js";

runAdapterConformance({ create: valibot, fixtures });
