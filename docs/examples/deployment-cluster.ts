import { join } from "node:path";

// #region cluster
// `NODE_ENV=production bun deployment-cluster.ts`: one server process per CPU core, one port.
const entry = join(import.meta.dirname, "deployment.ts");

export function startWorkers(port: number, count = navigator.hardwareConcurrency) {
  return Array.from({ length: count }, () => {
    const { promise: listening, resolve } = Promise.withResolvers<void>();
    const worker = Bun.spawn([process.execPath, entry], {
      env: { ...process.env, PORT: String(port), NODE_ENV: "production" },
      stdio: ["ignore", "inherit", "inherit"],
      ipc: (message) => message === "listening" && resolve(),
    });
    return { worker, listening };
  });
}

if (import.meta.main) {
  const workers = startWorkers(Number(process.env.PORT ?? 3000));
  await Promise.all(workers.map(({ listening }) => listening));
  console.log(`${workers.length} workers listening`);
  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    process.once(signal, () => {
      for (const { worker } of workers) worker.kill(signal); // each one shuts down gracefully
    });
  }
}
// #endregion

/** Starts two workers on a free port, stops them one by one, and reports what clients saw. */
export async function demo() {
  const probe = Bun.serve({ port: 0, fetch: () => new Response() });
  const port = probe.port as number;
  await probe.stop(true);
  const get = () =>
    fetch(`http://127.0.0.1:${port}/users`, { keepalive: false }).then(
      (response) => response.status,
      () => "refused",
    );
  const [first, second] = startWorkers(port, 2);
  if (!first || !second) throw new Error("two workers expected");
  await Promise.all([first.listening, second.listening]);
  const bothUp = await get();
  first.worker.kill("SIGTERM");
  const firstExit = await first.worker.exited;
  const oneLeft = await get();
  second.worker.kill("SIGTERM");
  const secondExit = await second.worker.exited;
  return { bothUp, firstExit, oneLeft, secondExit, noneLeft: await get() };
}
