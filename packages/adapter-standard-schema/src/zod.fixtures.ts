// Zod 4 schemas implement Standard Schema and Standard JSON Schema natively: the Zod adapter's own
// fixtures, used here through the standard interface.
export { zodFixtures as fixtures } from "@trellis/testing/fixtures";
