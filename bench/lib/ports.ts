// Ports for the target servers: below Linux's ephemeral range (32768-60999), so outgoing
// connections (wrk, fetch, anything else on the machine) can never be holding them.
import { createServer } from "node:net";

let next = 21_000;

function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once("error", () => resolve(false));
    probe.listen(port, "127.0.0.1", () => probe.close(() => resolve(true)));
  });
}

/** A port on 127.0.0.1 that nothing listens on right now (each call returns a new one). */
export async function freePort(): Promise<number> {
  while (next < 32_000) {
    const port = next++;
    if (await isFree(port)) return port;
  }
  throw new Error("no free port between 21000 and 32000");
}
