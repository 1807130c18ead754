import { TrellisConfigError } from "../errors/trellis-config-error.js";
import type { Operation } from "../operation/operation.js";
import type { SchemaRegistry } from "../schema/schema-registry.js";
import { ComponentCollector } from "./component-collector.js";
import type { OpenApiDocument, OpenApiOptions } from "./openapi-options.js";
import { operationLabel, operationObject } from "./operation-object.js";
import type { OpenApiVersion } from "./schema-dialect.js";

/** The exact `openapi` field emitted for each supported version. */
const emittedVersion = { "3.0": "3.0.3", "3.1": "3.1.1", "3.2": "3.2.0" } as const;

/** Document-level tags: the declared ones in their order, then every other used tag by name. */
function documentTags(options: OpenApiOptions | undefined, used: Set<string>) {
  const tags: { name: string; description?: string }[] = [];
  const seen = new Set<string>();
  for (const tag of options?.tags ?? []) {
    if (seen.has(tag.name)) continue;
    seen.add(tag.name);
    tags.push(tag.description === undefined ? { name: tag.name } : { ...tag });
  }
  const undeclared = [...used].filter((name) => !seen.has(name));
  undeclared.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  for (const name of undeclared) tags.push({ name });
  return tags;
}

/**
 * Builds the OpenAPI document (3.0.3 by default, 3.1.1 on request) from an app's operations, its
 * named models and the `openapi` options. Hidden operations, and models only they use, are left
 * out. Throws `TrellisConfigError` for what cannot be documented (an undeclared security scheme).
 * Linear in the number of operations and the size of their schemas.
 */
export function generateDocument(input: {
  operations: readonly Operation[];
  registry: SchemaRegistry;
  options: OpenApiOptions | undefined;
}): OpenApiDocument {
  const { operations, registry, options } = input;
  const version = documentVersion(options?.version);
  const collector = new ComponentCollector(registry, version);
  const schemes = options?.securitySchemes ?? {};
  const paths: Record<string, Record<string, unknown>> = {};
  const owners = new Map<string, Operation>(); // "GET /users/{id}" and operationIds -> operation
  const usedTags = new Set<string>();

  for (const operation of operations) {
    if (operation.docs.hidden) continue;
    for (const { scheme } of operation.security) {
      if (!Object.hasOwn(schemes, scheme)) {
        throw new TrellisConfigError(
          "UNDECLARED_SECURITY_SCHEME",
          `${operationLabel(operation)} uses the security scheme "${scheme}", which openapi.securitySchemes does not declare.`,
        );
      }
    }
    const method = operation.method.toLowerCase();
    claim(owners, `${operation.method} ${operation.openapiPath}`, operation, "DUPLICATE_ROUTE");
    claim(
      owners,
      `operationId "${operation.docs.operationId}"`,
      operation,
      "DUPLICATE_OPERATION_ID",
    );
    for (const tag of operation.docs.tags) usedTags.add(tag);
    paths[operation.openapiPath] ??= {};
    (paths[operation.openapiPath] as Record<string, unknown>)[method] = operationObject(
      operation,
      registry,
      collector,
      { version, schemes },
    );
  }

  const service = options?.service;
  const info: { title: string; version: string; description?: string } = {
    title: service?.name || "API",
    version: service?.version || "1.0.0",
  };
  if (service?.description) info.description = service.description;
  const document: Record<string, unknown> = { openapi: emittedVersion[version], info };
  if (options?.servers && options.servers.length > 0) {
    document.servers = options.servers.map((server) => ({ ...server }));
  }
  const tags = documentTags(options, usedTags);
  if (tags.length > 0) document.tags = tags;
  document.paths = paths;
  const components: Record<string, unknown> = {};
  const schemas = collector.components();
  if (Object.keys(schemas).length > 0) components.schemas = schemas;
  if (Object.keys(schemes).length > 0) components.securitySchemes = structuredClone(schemes);
  if (Object.keys(components).length > 0) document.components = components;
  return document as OpenApiDocument;
}

/** The checked `openapi.version` (3.0 by default). */
function documentVersion(version: unknown): OpenApiVersion {
  if (version === undefined) return "3.0";
  if (typeof version === "string" && Object.hasOwn(emittedVersion, version)) {
    return version as OpenApiVersion;
  }
  throw new TrellisConfigError(
    "INVALID_OPTION",
    `openapi.version ${JSON.stringify(version)} is not supported: use "3.0", "3.1" or "3.2".`,
  );
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
  throw new TrellisConfigError(
    code,
    `${operationLabel(owner)} and ${operationLabel(operation)} both document ${what}.`,
  );
}
