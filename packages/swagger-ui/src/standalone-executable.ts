/**
 * True in a single-file executable (`bun build --compile`), which has no node_modules to read
 * Swagger UI's files from: there, the fix is `import "@trellis/swagger-ui/embed"`, not a reinstall.
 * Bun says so; older Bun versions show it in the module's URL, inside the binary's file system.
 */
export function inStandaloneExecutable(url = import.meta.url): boolean {
  const bun = (globalThis as { Bun?: { isStandaloneExecutable?: unknown } }).Bun;
  return bun?.isStandaloneExecutable === true || /\/\$bunfs\/|~BUN/.test(url);
}

/** What a single-file executable needs to serve Swagger UI: the embed entry, imported first. */
export const embedAdvice =
  'add `import "@trellis/swagger-ui/embed";` as the first import of the entry file you compile';
