// Public API of @trellis/core. Explicit named exports only.

export type { DocsPlugin, DocsPluginContext, DocsRouteHandler } from "./docs/docs-plugin.js";
export type { ConfigErrorCode } from "./errors/error-codes.js";
export { configErrorCodes } from "./errors/error-codes.js";
export { TrellisConfigError } from "./errors/trellis-config-error.js";
export type {
  Binding,
  BodyBinding,
  BodyContentType,
  HttpMethod,
  Operation,
  OperationDocs,
  ParameterBinding,
  ParameterLocation,
  RequestBinding,
  ResponseSpec,
  SecurityRequirement,
} from "./operation/operation.js";
export type { JsonSchema } from "./schema/json-schema.js";
export type {
  CompileOptions,
  JsonSchemaContext,
  SchemaAdapter,
  SchemaTarget,
  UnknownPropertyPolicy,
  ValidationIssue,
  ValidationResult,
  Validator,
} from "./schema/schema-adapter.js";
export { SchemaRegistry } from "./schema/schema-registry.js";
