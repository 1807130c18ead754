import "reflect-metadata";
import { runAdapterConformance } from "../../../testing/adapter-conformance/run-conformance.js";
import { fixtures } from "./conformance.fixtures.js";
import { classValidator } from "./index.js";

runAdapterConformance({ create: classValidator, fixtures });
