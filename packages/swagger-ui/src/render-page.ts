/** What the HTML page links to: asset names with their `?v=` versions. */
export interface PageInput {
  readonly title: string;
  /** Prefix that turns an asset name into a URL relative to the page (`""` or `"docs/"`). */
  readonly base: string;
  /** Version of each linked file by name (`swagger-ui.css`, `swagger-initializer.js`, ...). */
  readonly versions: Readonly<Record<string, string>>;
}

const htmlEscapes: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

/** Escapes text for HTML content and quoted attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => htmlEscapes[char] ?? char);
}

/**
 * The Swagger UI page. It has no inline script or style (so a strict Content-Security-Policy can
 * allow `'self'` only) and links every file relatively, so the page works behind a path prefix.
 */
export function renderPage({ title, base, versions }: PageInput): string {
  const url = (name: string) => {
    const version = versions[name];
    return escapeHtml(version === undefined ? base + name : `${base}${name}?v=${version}`);
  };
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>${escapeHtml(title)}</title>
    <link rel="stylesheet" href="${url("swagger-ui.css")}">
    <link rel="stylesheet" href="${url("index.css")}">
    <link rel="icon" type="image/png" href="${url("favicon-32x32.png")}" sizes="32x32">
    <link rel="icon" type="image/png" href="${url("favicon-16x16.png")}" sizes="16x16">
  </head>
  <body>
    <div id="swagger-ui"></div>
    <script src="${url("swagger-ui-bundle.js")}"></script>
    <script src="${url("swagger-ui-standalone-preset.js")}"></script>
    <script src="${url("swagger-initializer.js")}"></script>
  </body>
</html>
`;
}
