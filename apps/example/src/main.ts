// Starts the example: `bun src/main.ts` (PORT, HOST and DATABASE_PATH from the environment).
import { readConfig } from "./config.js";
import { startExampleServer } from "./server.js";

const { urls, stop } = startExampleServer(readConfig(process.env));
console.log(`Users API: ${urls.users}`);
console.log(`Docs: ${urls.docs}`);

const shutdown = (signal: NodeJS.Signals) => {
  console.log(`${signal} received, shutting down`);
  stop().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error("Shutdown failed:", error);
      process.exit(1);
    },
  );
};
process.once("SIGINT", shutdown);
process.once("SIGTERM", shutdown);
