/** A TCP port of 127.0.0.1 that was free a moment ago. */
export async function freePort(): Promise<number> {
  const probe = Bun.serve({ port: 0, hostname: "127.0.0.1", fetch: () => new Response() });
  const port = probe.port;
  await probe.stop(true);
  if (port === undefined) throw new Error("Bun.serve gave no port");
  return port;
}
