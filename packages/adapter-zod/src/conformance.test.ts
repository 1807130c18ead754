import { runAdapterConformance } from "@trellis/testing/conformance";
import { zodDocuments as documents, zodFixtures as fixtures } from "@trellis/testing/fixtures";
import { zod } from "./index.js";

// Zod runs every check of a value: z.int().max(150) reports 1e20 twice (too big for the safe
// integers, too big for 150).
runAdapterConformance({ create: zod, fixtures, documents, oneIssuePerPath: false });
