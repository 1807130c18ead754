import { configError } from "../errors/core-config-error.js";
import type { Operation, SecurityRequirement } from "../operation/operation.js";
import { objectProperties } from "../schema/object-properties.js";
import type { SchemaRegistry } from "../schema/schema-registry.js";
import { ComponentCollector } from "./component-collector.js";
import type { OpenApiOptions } from "./openapi-options.js";
import { operationLabel } from "./operation-object.js";
import { frameworkErrors } from "./problem-details.js";
import { statusHasBody } from "./response-status.js";
import { parseRootSecurity } from "./root-security.js";
import type { OpenApiVersion } from "./schema-dialect.js";

/** What a document is made from. */
export interface DocumentInput {
  readonly operations: readonly Operation[];
  readonly registry: SchemaRegistry;
  readonly options: OpenApiOptions | undefined;
}

/** What `checkDocument` established, for building the document without checking or parsing again. */
export interface CheckedDocument {
  readonly version: OpenApiVersion;
  /** `openapi.security`, parsed. */
  readonly rootSecurity: readonly SecurityRequirement[];
}

/** The exact `openapi` field emitted for each supported version. */
export const emittedVersion = { "3.0": "3.0.3", "3.1": "3.1.1", "3.2": "3.2.0" } as const;

/**
 * Everything that can make a document impossible, checked without building it: the version, the
 * security schemes used, duplicate routes and operationIds, references to components no adapter
 * declared, and a user model named like Trellis's error component. `createApp` runs it at
 * startup and builds the document itself on first use, so a misconfiguration still fails at
 * startup while an app that never serves its document never pays for it. Throws the
 * `TrellisConfigError` generating the document would, in the same order; gives the version and
 * the parsed root security.
 */
export function checkDocument(input: DocumentInput): CheckedDocument {
  const { operations, registry, options } = input;
  const version = documentVersion(options?.version);
  const schemes = options?.securitySchemes ?? {};
  const rootSecurity = parseRootSecurity(options?.security, "openapi");
  for (const { scheme } of rootSecurity) {
    if (!Object.hasOwn(schemes, scheme)) {
      throw configError("UNDECLARED_SECURITY_SCHEME", ["openapi.security", scheme]);
    }
  }
  const owners = new Map<string, Operation>(); // "GET /users/{id}" and operationIds -> operation
  const references = new ComponentCollector(registry, version);
  for (const operation of operations) {
    if (operation.docs.hidden) continue;
    for (const { scheme } of operation.security) {
      if (!Object.hasOwn(schemes, scheme)) {
        throw configError("UNDECLARED_SECURITY_SCHEME", [operationLabel(operation), scheme]);
      }
    }
    claim(owners, `${operation.method} ${operation.openapiPath}`, operation, "DUPLICATE_ROUTE");
    claim(
      owners,
      `operationId "${operation.docs.operationId}"`,
      operation,
      "DUPLICATE_OPERATION_ID",
    );
    checkReferences(operation, registry, references);
  }
  references.checkComponents();
  return { version, rootSecurity };
}

/** The references of the schemas one operation documents, named as the document's errors name them. */
function checkReferences(
  operation: Operation,
  registry: SchemaRegistry,
  references: ComponentCollector,
): void {
  const where = operationLabel(operation);
  for (const binding of operation.bindings) {
    if (binding.kind === "parameter") {
      const properties =
        binding.name === undefined
          ? objectProperties(binding.jsonSchema, registry)
          : [[binding.name, binding.jsonSchema] as const];
      for (const [name, schema] of properties) {
        references.checkReferences(schema, `parameter "${name}" (${binding.in}) of ${where}`);
      }
    } else if (binding.kind === "body" && binding.jsonSchema) {
      references.checkReferences(binding.jsonSchema, `the body of ${where}`);
    }
  }
  const statuses = new Set<number>();
  let problem = false;
  for (const spec of operation.responses) {
    if (statuses.has(spec.status)) continue; // the first declaration of a status is documented
    statuses.add(spec.status);
    for (const header of spec.headers) {
      references.checkReferences(
        header.jsonSchema,
        `the ${header.name} header of the ${spec.status} response of ${where}`,
      );
    }
    if (!statusHasBody(spec.status, operation.method)) continue;
    if (spec.jsonSchema) {
      references.checkReferences(spec.jsonSchema, `the ${spec.status} response of ${where}`);
    } else if (spec.status >= 400) problem = true; // documented as problem+json
  }
  for (const [status] of frameworkErrors(operation)) {
    if (!statuses.has(status) && statusHasBody(status, operation.method)) problem = true;
  }
  // The error responses' shared component: a user model of that name must be the same schema.
  if (problem) references.problemContent();
}

/** The checked `openapi.version` (3.0 by default). */
function documentVersion(version: unknown): OpenApiVersion {
  if (version === undefined) return "3.0";
  if (typeof version === "string" && Object.hasOwn(emittedVersion, version)) {
    return version as OpenApiVersion;
  }
  throw configError("INVALID_OPENAPI_OPTION", [
    "createApp or buildDocument",
    "version",
    `${JSON.stringify(version)} is not supported: use "3.0", "3.1" or "3.2"`,
  ]);
}

/** Records that `operation` owns `what`; a second owner is a startup error naming both. */
function claim(
  owners: Map<string, Operation>,
  what: string,
  operation: Operation,
  code: "DUPLICATE_ROUTE" | "DUPLICATE_OPERATION_ID",
): void {
  const owner = owners.get(what);
  if (!owner) {
    owners.set(what, operation);
    return;
  }
  throw code === "DUPLICATE_ROUTE"
    ? configError(code, [
        operationLabel(operation),
        `${operationLabel(owner)} (both document ${what})`,
      ])
    : configError(code, [
        operationLabel(owner),
        operationLabel(operation),
        String(operation.docs.operationId),
      ]);
}
