// Starts the example: `bun src/main.ts` (PORT, HOST, DATABASE_PATH and REUSE_PORT from the
// environment). SIGTERM or SIGINT close it gracefully: see `serve` in @trellis/core.
import { readConfig } from "./config.js";
import { startExampleServer } from "./server.js";

const { urls } = startExampleServer(readConfig(process.env), { signals: true });
console.log(`Users API: ${urls.users}`);
console.log(`Docs: ${urls.docs}`);

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => console.log(`${signal} received, shutting down`));
}
