import type { Socket, TCPSocketListener } from "bun";

/** A TCP proxy to `port` on 127.0.0.1 that a test can partition: sockets stay open, bytes vanish. */
export interface PartitionProxy {
  readonly port: number;
  /** From now on nothing passes either way, on every connection (new ones are accepted too). */
  partition(): void;
  /** Bytes pass again (on connections the client still has). */
  heal(): void;
  stop(): void;
}

interface Side {
  upstream?: Socket<Side>;
  pending: Uint8Array[];
}

/** Starts a proxy in this process (a network partition of one client, not of the engine). */
export async function partitionProxy(targetPort: number): Promise<PartitionProxy> {
  let cut = false;
  const open = new Set<Socket<Side>>();
  const server: TCPSocketListener<Side> = Bun.listen<Side>({
    hostname: "127.0.0.1",
    port: 0,
    socket: {
      async open(client) {
        client.data = { pending: [] };
        open.add(client);
        const upstream = await Bun.connect<Side>({
          hostname: "127.0.0.1",
          port: targetPort,
          data: { pending: [] },
          socket: {
            data(_, bytes) {
              if (!cut) client.write(bytes);
            },
            close() {
              if (!cut) client.end();
            },
          },
        });
        client.data.upstream = upstream;
        for (const bytes of client.data.pending) upstream.write(bytes);
        client.data.pending = [];
      },
      data(client, bytes) {
        if (cut) return;
        const upstream = client.data.upstream;
        if (upstream === undefined) client.data.pending.push(new Uint8Array(bytes));
        else upstream.write(bytes);
      },
      close(client) {
        open.delete(client);
        client.data.upstream?.end();
      },
    },
  });
  return {
    port: server.port,
    partition: () => {
      cut = true;
    },
    heal: () => {
      cut = false;
    },
    stop() {
      for (const client of open) client.end();
      server.stop(true);
    },
  };
}
