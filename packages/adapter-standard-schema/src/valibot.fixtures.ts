import type { ConformanceFixtures } from "@trellis/testing/conformance";
import { valibotFixtures } from "@trellis/testing/fixtures";
import { toStandardJsonSchema } from "@valibot/to-json-schema";

// Valibot schemas implement Standard Schema; toStandardJsonSchema() adds Standard JSON Schema.
// The Valibot adapter's own fixtures, each wrapped so.
export const fixtures = Object.fromEntries(
  Object.entries(valibotFixtures).map(([shape, schema]) => [
    shape,
    toStandardJsonSchema(schema as Parameters<typeof toStandardJsonSchema>[0]),
  ]),
) as unknown as ConformanceFixtures;
