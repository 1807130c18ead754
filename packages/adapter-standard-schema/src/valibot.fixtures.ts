import type { ConformanceFixtures } from "@trellis/testing/conformance";
import { toStandardJsonSchema } from "@valibot/to-json-schema";
import { fixtures as valibotFixtures } from "../../adapter-valibot/src/conformance.fixtures.js";

// Valibot schemas implement Standard Schema; toStandardJsonSchema() adds Standard JSON Schema.
// The Valibot adapter's own fixtures, each wrapped so.
export const fixtures = Object.fromEntries(
  Object.entries(valibotFixtures).map(([shape, schema]) => [
    shape,
    toStandardJsonSchema(schema as Parameters<typeof toStandardJsonSchema>[0]),
  ]),
) as unknown as ConformanceFixtures;
