// Swagger UI's files inside a single-file executable, registered by `./embed.js`: a bundle
// cannot read `node_modules`, so those files travel inside the binary instead.
let embedded: { readonly version: string; pathOf(name: string): string } | undefined;

/** Records swagger-ui-dist's version and where each file is (`/$bunfs/...` in a binary). */
export function registerEmbeddedFiles(
  version: string,
  files: Readonly<Record<string, string>>,
): void {
  const paths = new Map(Object.entries(files));
  embedded = {
    version,
    pathOf(name) {
      const path = paths.get(name);
      if (path === undefined) throw new Error(`@trellis/swagger-ui/embed carries no ${name}.`);
      return path;
    },
  };
}

/** The embedded files, if `./embed.js` was loaded. */
export function embeddedFiles() {
  return embedded;
}
