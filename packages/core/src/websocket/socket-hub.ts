import type { BunSocket, UpgradeServer } from "./bun-socket.js";
import type { ConnectionData } from "./socket-session.js";

/** Close code and reason sent to every open connection when the app closes. */
export const goingAway = { code: 1001, reason: "Server shutting down" } as const;

/**
 * An app's live WebSocket state: its open connections (closed with 1001 by `app.close`) and the
 * servers that upgraded them (where `publish` reaches subscribers).
 */
export class SocketHub {
  readonly live = new Set<BunSocket<ConnectionData>>();
  readonly servers = new Set<UpgradeServer>();
  /** Set by `app.close`: new upgrades are refused (503). */
  closing = false;

  /** Sends `message` as JSON to every subscriber of `topic`; returns how many servers took it. */
  publish(topic: string, message: unknown): number {
    if (this.servers.size === 0) return 0;
    const text = JSON.stringify(message);
    let sent = 0;
    for (const server of this.servers) if (server.publish(topic, text) > 0) sent++;
    return sent;
  }

  /** Refuses new upgrades and closes every open connection with 1001. */
  closeAll(): void {
    this.closing = true;
    for (const socket of this.live) socket.close(goingAway.code, goingAway.reason);
  }
}
