import type { OpenApiDocument } from "../openapi/openapi-options.js";
import { serializeDocument } from "../openapi/serialize-document.js";
import type { AppDocuments } from "../versioning/app-documents.js";
import { versionDocumentPath } from "../versioning/version-documents.js";
import type { DocsPlugin, DocsVersion } from "./docs-plugin.js";

type PluginRoutes = ReturnType<DocsPlugin["routes"]>;

/** The versions a docs plugin is told of, default first in the app's order; none when unversioned. */
export function docsVersions(documents: AppDocuments): DocsVersion[] | undefined {
  const { versions } = documents;
  if (versions === undefined) return undefined;
  return versions.all.map((version) => ({
    version,
    name: `v${version}`,
    path: versionDocumentPath(version),
    primary: version === versions.default,
  }));
}

const jsonHeaders = { "content-type": "application/json; charset=utf-8" };

/**
 * Adds each version's document beside the plugin's raw document (`/docs/openapi.json` gains
 * `/docs/v1/openapi.json`, `/docs/v2/openapi.json`), serialized once at startup. A version the app
 * does not have has no route: 404.
 */
export function withVersionDocuments(routes: PluginRoutes, documents: AppDocuments): PluginRoutes {
  const versions = docsVersions(documents);
  const raw = Object.keys(routes).find((path) => path.endsWith("/openapi.json"));
  if (versions === undefined || raw === undefined) return routes;
  const folder = raw.slice(0, -"openapi.json".length);
  const served = { ...routes };
  for (const { version, path } of versions) {
    if (Object.hasOwn(served, folder + path)) continue;
    const text = serializeDocument(documents.document(version) as OpenApiDocument, "json");
    served[folder + path] = new Response(text, { headers: jsonHeaders });
  }
  return served;
}
