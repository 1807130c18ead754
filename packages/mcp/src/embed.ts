// `@trellis/mcp/embed`: import it in the entry of a single-file executable (`bun build
// --compile`). Core loads this package by name when `mcp` is set, which a binary without
// node_modules cannot do; this import carries the package inside the binary and registers it
// where core looks first. Plain `bun` runs never need it.
import { mcpServer } from "./mcp-server.js";

(globalThis as Record<symbol, unknown>)[Symbol.for("@trellis/mcp")] = { mcpServer };
