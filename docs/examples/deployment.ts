import type { Server } from "bun";
import { app } from "./getting-started.js";

// #region serve
/** Starts this process's server; every process of the machine may listen on the same port. */
export function serve(port: number): Server<undefined> {
  return Bun.serve({
    port,
    reusePort: true, // share the port with the other processes; Linux spreads connections
    idleTimeout: 30, // seconds a connection may stay silent (Bun's default is 10; never use 0)
    routes: app.routes,
    fetch: app.fetch,
  });
}
// #endregion

// #region shutdown
/** Stops accepting connections, lets in-flight requests finish, and cuts them after `graceMs`. */
export async function shutdown(server: Server<undefined>, graceMs = 10_000): Promise<void> {
  const timer = setTimeout(() => server.stop(true), graceMs);
  await server.stop();
  clearTimeout(timer);
}

if (import.meta.main) {
  const server = serve(Number(process.env.PORT ?? 3000));
  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    process.once(signal, () => shutdown(server).then(() => process.exit(0)));
  }
  // Started by a supervisor (an IPC channel): shut down when it goes away, even killed with SIGKILL.
  process.once("disconnect", () => shutdown(server).then(() => process.exit(0)));
}
// #endregion

/** Two servers on one port (as two processes would be), each answering, then both stopped. */
export async function demo() {
  const first = serve(0);
  const second = serve(first.port as number);
  const url = `http://127.0.0.1:${first.port}/users`;
  const answers = [await fetch(url), await fetch(url)];
  const ports = [first.port, second.port];
  await Promise.all([shutdown(first, 1000), shutdown(second, 1000)]);
  const afterStop = await fetch(url).then(
    (response) => response.status,
    () => "refused",
  );
  return { answers, ports, afterStop };
}
