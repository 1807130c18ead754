import { runAdapterConformance } from "../../../testing/adapter-conformance/run-conformance.js";
import { fixtures } from "./conformance.fixtures.js";
import { zod } from "./index.js";

runAdapterConformance({ create: zod, fixtures });
