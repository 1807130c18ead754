import type { DocsVersion } from "@trellis/core/extend";

/**
 * The SwaggerUIBundle settings of an app with API versions: one `urls` entry per version's
 * document (relative, like `url`), which shows Swagger UI's top-bar picker, opening on the
 * default version. A `urls` the user put in `uiConfig` is kept as it is.
 */
export function versionPicker(
  config: Readonly<Record<string, unknown>>,
  versions: readonly DocsVersion[] | undefined,
): Readonly<Record<string, unknown>> {
  if (versions === undefined || versions.length === 0 || "urls" in config) return config;
  const primary = versions.find((version) => version.primary) ?? versions[0];
  return {
    ...config,
    urls: versions.map((version) => ({ url: version.path, name: version.name })),
    "urls.primaryName": primary?.name,
  };
}
