import { runAdapterConformance } from "@trellis/testing/conformance";
import { fixtures } from "./arktype.fixtures.js";
import { standardSchema } from "./index.js";

runAdapterConformance({ create: standardSchema, fixtures, oneIssuePerPath: false });
