// @trellis/testing: what Trellis's own packages share in their tests. Never published.

export { appUnderTest, expectConfigError, type Json, send } from "./app-under-test.js";
export {
  compileThroughCore,
  compileThroughCoreAsync,
  coreCompileOptions,
  SchemaRegistry,
} from "./core-internals.js";
export {
  expectLinearUndeclaredKeys,
  formRecord,
  teamWithKeys,
  userWithKeys,
  withKeys,
} from "./input-size.js";
export { jsonSchemaAdapter, optional, schema, type TestSchema } from "./json-schema-adapter.js";
export {
  type CountedInput,
  countOperations,
  expectLinearGrowth,
  expectLinearWork,
  type Growth,
} from "./operation-count.js";
export { openSocket, type TestSocket, upgradeRequest } from "./socket-client.js";
export { expectWholeNumberOption } from "./whole-number-option.js";
export { within } from "./within.js";
