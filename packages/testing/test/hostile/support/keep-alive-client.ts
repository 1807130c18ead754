import { connect } from "node:net";

/** What every client of one run did, added up. */
export interface KeepAliveCounts {
  /** Requests written. */
  sent: number;
  /** Complete answers read. */
  answered: number;
  /** Requests written that got no answer before their connection closed (or broke). */
  lost: number;
  /** Answers by status. */
  readonly statuses: Map<number, number>;
}

/** How one connection ended. */
export interface KeepAliveEnd {
  /** Its last answer said `Connection: close`, and the client stopped writing then. */
  readonly toldToClose: boolean;
}

export const emptyCounts = (): KeepAliveCounts => ({
  sent: 0,
  answered: 0,
  lost: 0,
  statuses: new Map(),
});

const headEnd = "\r\n\r\n";

/**
 * A client on one kept-alive connection to 127.0.0.1:`port` that writes `next()` (a whole HTTP/1.1
 * request) as soon as the previous answer is complete, as busy clients and proxies' upstream pools
 * do, until an answer says `Connection: close` (it then stops writing and closes) or the server
 * closes the connection. Every answer must carry a Content-Length (Trellis's JSON answers do).
 * `onAnswer` runs after each complete answer.
 */
export function keepAliveClient(
  port: number,
  next: () => string,
  counts: KeepAliveCounts,
  onAnswer: () => void = () => {},
): Promise<KeepAliveEnd> {
  return new Promise((resolve) => {
    const socket = connect(port, "127.0.0.1");
    let received = Buffer.alloc(0);
    let pending = 0;
    let toldToClose = false;
    let settled = false;
    const send = () => {
      pending += 1;
      counts.sent += 1;
      socket.write(next());
    };
    socket.on("connect", send);
    socket.on("data", (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      for (;;) {
        const end = received.indexOf(headEnd);
        if (end === -1) return;
        const head = received.subarray(0, end).toString("latin1");
        const length = Number(/\r\ncontent-length: *(\d+)/i.exec(head)?.[1] ?? Number.NaN);
        // An answer this client cannot delimit: it stops here (counted as lost if unanswered).
        if (Number.isNaN(length)) return void socket.destroy();
        if (received.length < end + headEnd.length + length) return;
        received = received.subarray(end + headEnd.length + length);
        const status = Number(head.split(" ")[1]);
        counts.statuses.set(status, (counts.statuses.get(status) ?? 0) + 1);
        pending -= 1;
        counts.answered += 1;
        if (/\r\nconnection: *close/i.test(head)) toldToClose = true;
        onAnswer();
        if (toldToClose) return void socket.end();
        send();
      }
    });
    // A reset under a written request loses it just as a close does.
    socket.on("error", () => {});
    socket.on("close", () => {
      if (settled) return;
      settled = true;
      counts.lost += pending;
      resolve({ toldToClose });
    });
  });
}
