// The instruction judge's load generator: exactly N requests over one keep-alive connection, one in
// flight at a time. wrk is not used here: its request count depends on time, and the judge divides
// a counted total by an exact number of requests. One request in flight means every request costs
// the server the same socket events (one read, one write), whatever the machine's load.
import type { Socket } from "bun";

/** The bytes of one HTTP/1.1 request for a scenario (keep-alive is HTTP/1.1's default). */
export function requestBytes(
  scenario: {
    method: string;
    path: string;
    headers?: Readonly<Record<string, string>>;
    body?: string;
  },
  host: string,
): Uint8Array {
  const body = scenario.body === undefined ? undefined : new TextEncoder().encode(scenario.body);
  const lines = [`${scenario.method} ${scenario.path} HTTP/1.1`, `host: ${host}`];
  for (const [name, value] of Object.entries(scenario.headers ?? {}))
    lines.push(`${name}: ${value}`);
  if (body !== undefined) lines.push(`content-length: ${body.byteLength}`);
  const head = new TextEncoder().encode(`${lines.join("\r\n")}\r\n\r\n`);
  if (body === undefined) return head;
  const bytes = new Uint8Array(head.byteLength + body.byteLength);
  bytes.set(head);
  bytes.set(body, head.byteLength);
  return bytes;
}

const HEAD_END = "\r\n\r\n";

/**
 * How many bytes of `text` make up one whole response, or undefined while it is incomplete.
 * Content-Length and chunked bodies are both understood (the targets send either).
 */
export function responseLength(text: string): { length: number; status: number } | undefined {
  const headEnd = text.indexOf(HEAD_END);
  if (headEnd < 0) return undefined;
  const head = text.slice(0, headEnd).toLowerCase();
  const status = Number(head.slice(9, 12));
  const bodyStart = headEnd + HEAD_END.length;
  const declared = /\r\ncontent-length:\s*(\d+)/.exec(head);
  if (declared) {
    const length = bodyStart + Number(declared[1]);
    return text.length >= length ? { length, status } : undefined;
  }
  if (/\r\ntransfer-encoding:\s*chunked/.test(head)) {
    const end = text.indexOf("\r\n0\r\n\r\n", bodyStart - 2);
    return end < 0 ? undefined : { length: end + 7, status };
  }
  return { length: bodyStart, status };
}

/** One keep-alive connection that sends a request and waits for its whole response. */
export class LoadConnection {
  private buffer = "";
  private waiting: ((status: number) => void) | undefined;
  private failed: ((error: Error) => void) | undefined;

  private constructor(private readonly socket: Socket<undefined>) {}

  static async open(hostname: string, port: number): Promise<LoadConnection> {
    let connection: LoadConnection | undefined;
    const socket = await Bun.connect({
      hostname,
      port,
      socket: {
        data: (_socket, chunk) => connection?.receive(chunk),
        close: () => connection?.fail(new Error("the server closed the connection")),
        error: (_socket, error) => connection?.fail(error),
      },
    });
    socket.setNoDelay(true);
    connection = new LoadConnection(socket);
    return connection;
  }

  /**
   * Sends `request` `count` times, each after the previous response ended. Rejects on the first
   * status that is not `status` (a window must count the request it claims to); `status` 0 takes
   * the first answer's status as the one every later answer must have. Resolves with that status.
   */
  async send(request: Uint8Array, count: number, status: number): Promise<number> {
    let expected = status;
    for (let i = 0; i < count; i++) {
      const answered = await this.one(request);
      if (expected === 0) expected = answered;
      if (answered !== expected) throw new Error(`expected status ${expected}, got ${answered}`);
    }
    return expected;
  }

  close(): void {
    this.socket.end();
  }

  private one(request: Uint8Array): Promise<number> {
    return new Promise((resolve, reject) => {
      this.waiting = resolve;
      this.failed = reject;
      this.socket.write(request);
    });
  }

  private receive(chunk: Buffer): void {
    // Responses are ASCII headers + JSON; latin1 keeps one character per byte for the lengths.
    this.buffer += chunk.toString("latin1");
    const whole = responseLength(this.buffer);
    if (whole === undefined) return;
    this.buffer = this.buffer.slice(whole.length);
    const resolve = this.waiting;
    this.waiting = undefined;
    resolve?.(whole.status);
  }

  private fail(error: Error): void {
    const reject = this.failed;
    this.waiting = undefined;
    this.failed = undefined;
    reject?.(error);
  }
}
