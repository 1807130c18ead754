import type { Operation, SecurityRequirement } from "../operation/operation.js";
import type { SchemaRegistry } from "../schema/schema-registry.js";
import type { ComponentCollector } from "./component-collector.js";
import { documentFeatures } from "./feature-document.js";
import { multipartEncoding } from "./multipart-encoding.js";
import { operationParameters } from "./operation-parameters.js";
import { frameworkErrors } from "./problem-details.js";
import { responseHeaders, successContent } from "./response-content.js";
import { statusHasBody, statusText } from "./response-status.js";
import type { OpenApiVersion } from "./schema-dialect.js";
import { statusRecord } from "./status-record.js";
import { documentVersioning } from "./versioning-document.js";

/** `UserController.create`: how startup errors and messages name an operation. */
export const operationLabel = (operation: Operation): string =>
  `${operation.controller.name || "(anonymous controller)"}.${operation.handlerName}`;

function requestBody(
  operation: Operation,
  registry: SchemaRegistry,
  collector: ComponentCollector,
  where: string,
) {
  const body = operation.bindings.find((binding) => binding.kind === "body");
  if (!body) return undefined;
  const schema = body.jsonSchema ? collector.convert(body.jsonSchema, `the body of ${where}`) : {};
  const media: Record<string, unknown> = { schema };
  // The media types a file part may carry: the one place OpenAPI 3.0 can say them.
  const encoding =
    body.contentType === "multipart/form-data" && body.jsonSchema
      ? multipartEncoding(body.jsonSchema, registry)
      : undefined;
  if (encoding) media.encoding = encoding;
  const result: Record<string, unknown> = { content: { [body.contentType]: media } };
  if (body.required) result.required = true;
  return result;
}

/** True when a `@Returns` declares a 2xx or 3xx status. */
export const hasDeclaredSuccess = (operation: Operation): boolean =>
  operation.responses.some((spec) => spec.status >= 200 && spec.status < 400);

const undeclaredDescription =
  "The handler's result: its status and body are not declared (no 2xx @Returns).";

const isSuccess = (status: number) => status >= 200 && status < 300;

function responses(
  operation: Operation,
  collector: ComponentCollector,
  version: OpenApiVersion,
  where: string,
) {
  const result = statusRecord<Record<string, unknown>>();
  for (const spec of operation.responses) {
    const key = String(spec.status);
    if (key in result) continue; // the first declaration of a status wins
    const response: Record<string, unknown> = {
      description: spec.description ?? statusText(spec.status),
    };
    const headers = responseHeaders(spec, collector, where);
    if (headers) response.headers = headers;
    if (isSuccess(spec.status) && statusHasBody(spec.status, operation.method)) {
      const content = successContent(operation, spec, collector, version, where);
      if (content) response.content = content;
    } else if (spec.jsonSchema && statusHasBody(spec.status, operation.method)) {
      const schema = collector.convert(spec.jsonSchema, `the ${key} response of ${where}`);
      const media: Record<string, unknown> = { schema };
      if (spec.hasExample) media.example = spec.example;
      response.content = { "application/json": media };
    } else if (spec.status >= 400 && statusHasBody(spec.status, operation.method)) {
      // An error declared without a type is what `HttpException` sends: a problem+json body.
      response.content = collector.problemContent();
    }
    result[key] = response;
  }
  // Without a declared success response, claim no status the handler may not send (200, 201 or
  // 204 all happen): a `default` response says so. `design:returntype` cannot tell a handler
  // declared `void` from one without a return type (both are `undefined`), so it is not used.
  // An event stream always answers 200: its status is known.
  if (!hasDeclaredSuccess(operation)) {
    const content = successContent(operation, undefined, collector, version, where);
    const key = operation.sse === undefined ? "default" : "200";
    const description = operation.sse === undefined ? undeclaredDescription : "Success";
    result[key] = content ? { description, content } : { description };
  }
  for (const [status, description] of frameworkErrors(operation)) {
    const key = String(status);
    if (key in result) continue; // the user's own documentation of a status wins
    result[key] = statusHasBody(status, operation.method)
      ? { description, content: collector.problemContent() }
      : { description };
  }
  return result;
}

/** Where a security requirement's scopes may be listed in the document. */
export interface SecurityDialect {
  readonly version: OpenApiVersion;
  readonly schemes: Readonly<Record<string, Readonly<Record<string, unknown>>>>;
  /** The root `security` as documented: an operation with the same requirements repeats none. */
  readonly root?: string;
}

// OpenAPI 3.0 allows scopes only for oauth2 and openIdConnect schemes (the list "MUST be empty"
// otherwise). 3.1 allows role names for any scheme, but linters (Spectral's
// oas3-operation-security-defined) look each one up among the scheme's declared scopes, which only
// those two types have: so every version lists them for those two only. The guard still receives
// the scopes.
const scopesDocumented = (scheme: string, dialect: SecurityDialect): boolean => {
  const type = dialect.schemes[scheme]?.type;
  return type === "oauth2" || type === "openIdConnect";
};

/** Security requirements as the document lists them (scopes only where the dialect allows). */
export function documentedSecurity(
  requirements: readonly SecurityRequirement[],
  dialect: SecurityDialect,
): Record<string, string[]>[] {
  const seen = new Set<string>();
  const result: Record<string, string[]>[] = [];
  for (const requirement of requirements) {
    const scopes = scopesDocumented(requirement.scheme, dialect) ? [...requirement.scopes] : [];
    const key = JSON.stringify([requirement.scheme, scopes]);
    if (seen.has(key)) continue;
    seen.add(key);
    result.push({ [requirement.scheme]: scopes });
  }
  return result;
}

/** The OpenAPI Operation Object of one (non-hidden) operation. */
export function operationObject(
  operation: Operation,
  registry: SchemaRegistry,
  collector: ComponentCollector,
  dialect: SecurityDialect,
): Record<string, unknown> {
  const where = operationLabel(operation);
  const { docs } = operation;
  const result: Record<string, unknown> = {};
  if (docs.tags.length > 0) result.tags = [...new Set(docs.tags)];
  if (docs.summary !== undefined) result.summary = docs.summary;
  if (docs.description !== undefined) result.description = docs.description;
  result.operationId = docs.operationId;
  const parameters = operationParameters(operation, registry, collector, where);
  if (parameters.length > 0) result.parameters = parameters;
  const body = requestBody(operation, registry, collector, where);
  if (body) result.requestBody = body;
  result.responses = responses(operation, collector, dialect.version, where);
  documentFeatures(operation, result, () => collector.problemContent(), dialect.version);
  // Last: a deprecated operation's headers go on every response, those added above too.
  documentVersioning(operation, result, () => collector.problemContent());
  if (docs.deprecated) result.deprecated = true;
  // `security: []` says "public" explicitly; requirements equal to the root's are not repeated.
  if (operation.public) result.security = [];
  else if (operation.security.length > 0) {
    const own = documentedSecurity(operation.security, dialect);
    if (JSON.stringify(own) !== dialect.root) result.security = own;
  }
  return result;
}
