import { scriptSafeJson } from "./script-safe-json.js";

/** Trellis's own SwaggerUIBundle settings; named options and then `uiConfig` are merged over them. */
export const baseSettings: Readonly<Record<string, unknown>> = {
  // Relative to the initializer script, that is to the docs path (see below).
  url: "openapi.json",
  oauth2RedirectUrl: "oauth2-redirect.html",
  dom_id: "#swagger-ui",
  deepLinking: true,
  // Never send the document to the public validator service.
  validatorUrl: null,
  tryItOutEnabled: true,
  // Never let `?url=` or `?configUrl=` in the page's address load another document.
  queryConfigEnabled: false,
  layout: "StandaloneLayout",
};

/**
 * The script that starts Swagger UI, built once at startup. Settings are JSON, escaped for script
 * source; relative URLs in them are resolved against this script's own URL, which sits in the docs
 * folder, so the page finds its document (and the OAuth redirect page) under any path prefix a
 * proxy adds.
 */
export function renderInitializer(
  config: Readonly<Record<string, unknown>>,
  oauth?: Readonly<Record<string, unknown>>,
): string {
  // Swagger UI takes OAuth client settings through initOAuth(), not through its config.
  const signIn =
    oauth === undefined ? "" : `\n  window.ui.initOAuth(${scriptSafeJson(oauth, "oauth")});`;
  return `(function () {
  "use strict";
  var config = ${scriptSafeJson(config, "uiConfig")};
  var here = (document.currentScript && document.currentScript.src) || window.location.href;
  function resolve(url) {
    return typeof url === "string" ? new URL(url, here).href : url;
  }
  config.url = resolve(config.url);
  config.oauth2RedirectUrl = resolve(config.oauth2RedirectUrl);
  if (Array.isArray(config.urls)) {
    config.urls = config.urls.map(function (entry) {
      return Object.assign({}, entry, { url: resolve(entry && entry.url) });
    });
  }
  config.presets = [SwaggerUIBundle.presets.apis, SwaggerUIStandalonePreset];
  config.plugins = [SwaggerUIBundle.plugins.DownloadUrl];
  window.ui = SwaggerUIBundle(config);${signIn}
})();
`;
}
