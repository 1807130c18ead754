// Zod 4 schemas implement Standard Schema and Standard JSON Schema natively: the Zod adapter's own
// fixtures, used here through the standard interface.
export { fixtures } from "../../adapter-zod/src/conformance.fixtures.js";
