// @trellis/testing: what Trellis's own packages share in their tests. Never published.
export { jsonSchemaAdapter, optional, schema, type TestSchema } from "./json-schema-adapter.js";
