import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { inStandaloneExecutable } from "./standalone-executable.js";

let loaded: Uint8Array | undefined;

/**
 * Graphviz compiled to WebAssembly (`@viz-js/viz`'s browser build, which defines `Viz`): read once
 * per process from this package's own dependency, so the module graph page draws offline.
 */
export function vizScript(): Uint8Array {
  if (loaded === undefined) {
    let main: string;
    try {
      main = createRequire(import.meta.url).resolve("@viz-js/viz");
    } catch (cause) {
      throw new Error(
        inStandaloneExecutable()
          ? "@trellis/swagger-ui: the module graph page (docs.modules) is not available in a single-file executable (bun build --compile): @trellis/swagger-ui/embed does not carry its Graphviz file; leave docs.modules off there."
          : "@trellis/swagger-ui: its dependency @viz-js/viz cannot be found; reinstall @trellis/swagger-ui.",
        { cause },
      );
    }
    loaded = new Uint8Array(readFileSync(join(dirname(main), "viz-global.js")));
  }
  return loaded;
}
