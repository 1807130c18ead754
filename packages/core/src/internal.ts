// @trellis/core/internal: what Trellis's own test kit and benchmarks need from core's insides.
// Not public API: no semver promise, no documentation beyond this line. Users import
// `@trellis/core`. Explicit named exports only.

export { runtimeOf } from "./app/app-runtime.js";
export { unsafeJson } from "./request/json-guard.js";
export { type BodyPlan, finishBody, startBody } from "./request/read-body.js";
export { declaredProjection } from "./schema/declared-projection.js";
export { compileOptions, SchemaCompiler } from "./schema/schema-compiler.js";
export { SchemaRegistry } from "./schema/schema-registry.js";
