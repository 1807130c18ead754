import {
  type CheckedDocument,
  checkDocument,
  type DocumentInput,
  emittedVersion,
} from "./check-document.js";
import { ComponentCollector } from "./component-collector.js";
import type { OpenApiDocument, OpenApiOptions } from "./openapi-options.js";
import { documentedSecurity, operationObject } from "./operation-object.js";

/**
 * Document-level tags: the declared ones in their order, then every other used tag by name, with
 * the description its controller's `@Description` gives (`used` maps a tag to it).
 */
function documentTags(options: OpenApiOptions | undefined, used: Map<string, string | undefined>) {
  const tags: { name: string; description?: string }[] = [];
  const seen = new Set<string>();
  for (const tag of options?.tags ?? []) {
    if (seen.has(tag.name)) continue;
    seen.add(tag.name);
    const description = tag.description ?? used.get(tag.name);
    tags.push(description === undefined ? { name: tag.name } : { name: tag.name, description });
  }
  const undeclared = [...used.keys()].filter((name) => !seen.has(name));
  undeclared.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  for (const name of undeclared) {
    const description = used.get(name);
    tags.push(description === undefined ? { name } : { name, description });
  }
  return tags;
}

/**
 * Builds the OpenAPI document (3.0.3 by default, 3.1.1 on request) from an app's operations, its
 * named models and the `openapi` options. Hidden operations, and models only they use, are left
 * out. Throws `TrellisConfigError` for what cannot be documented (an undeclared security scheme).
 * Linear in the number of operations and the size of their schemas.
 */
export function generateDocument(input: DocumentInput): OpenApiDocument {
  return generateCheckedDocument(input, checkDocument(input));
}

/**
 * The document of operations `checkDocument` has passed (it gave `checked`): what `createApp`
 * builds on first use, its startup checks having run already.
 */
export function generateCheckedDocument(
  input: DocumentInput,
  checked: CheckedDocument,
): OpenApiDocument {
  const { version } = checked;
  const { operations, registry, options } = input;
  const collector = new ComponentCollector(registry, version);
  const schemes = options?.securitySchemes ?? {};
  const paths: Record<string, Record<string, unknown>> = {};
  const usedTags = new Map<string, string | undefined>();
  const rootSecurity = documentedSecurity(checked.rootSecurity, { version, schemes });
  const root = rootSecurity.length > 0 ? JSON.stringify(rootSecurity) : undefined;

  for (const operation of operations) {
    if (operation.docs.hidden) continue;
    const method = operation.method.toLowerCase();
    for (const tag of operation.docs.tags) {
      const { controllerTag } = operation.docs;
      const description = tag === controllerTag.name ? controllerTag.description : undefined;
      if (usedTags.get(tag) === undefined) usedTags.set(tag, description);
    }
    paths[operation.openapiPath] ??= {};
    (paths[operation.openapiPath] as Record<string, unknown>)[method] = operationObject(
      operation,
      registry,
      collector,
      root === undefined ? { version, schemes } : { version, schemes, root },
    );
  }

  const document: Record<string, unknown> = {
    openapi: emittedVersion[version],
    info: documentInfo(options, version),
  };
  if (options?.servers && options.servers.length > 0) {
    document.servers = options.servers.map((server) => ({ ...server }));
  }
  // `security: []` given at the root says "public unless an operation says otherwise": kept.
  if (options?.security !== undefined) document.security = rootSecurity;
  const tags = documentTags(options, usedTags);
  if (tags.length > 0) document.tags = tags;
  document.paths = paths;
  const components: Record<string, unknown> = {};
  const schemas = collector.components();
  if (Object.keys(schemas).length > 0) components.schemas = schemas;
  if (Object.keys(schemes).length > 0) components.securitySchemes = structuredClone(schemes);
  if (Object.keys(components).length > 0) document.components = components;
  if (options?.externalDocs) document.externalDocs = { ...options.externalDocs };
  return document as OpenApiDocument;
}

/** The `info` object: `service` (title, version, description) and `info` (contact, license, terms). */
function documentInfo(options: OpenApiOptions | undefined, version: string) {
  const service = options?.service;
  const info: Record<string, unknown> = {
    title: service?.name || "API",
    version: service?.version || "1.0.0",
  };
  if (service?.description) info.description = service.description;
  const more = options?.info;
  if (more?.termsOfService) info.termsOfService = more.termsOfService;
  if (more?.contact) info.contact = { ...more.contact };
  if (more?.license) {
    const { identifier, ...license } = more.license;
    // `identifier` exists from OpenAPI 3.1 on (and excludes `url`).
    info.license =
      identifier !== undefined && version !== "3.0" && license.url === undefined
        ? { ...license, identifier }
        : license;
  }
  return info as OpenApiDocument["info"];
}
