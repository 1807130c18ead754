import { runAdapterConformance } from "@trellis/testing/conformance";
import { standardSchema } from "./index.js";
import { fixtures } from "./zod.fixtures.js";

runAdapterConformance({ create: standardSchema, fixtures, oneIssuePerPath: false });
