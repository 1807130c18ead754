import { connect, type Socket } from "node:net";

/** The first response a raw exchange read, parsed. */
export interface RawResponse {
  readonly status: number;
  /** Header names in lower case; a repeated header keeps its last value. */
  readonly headers: Readonly<Record<string, string>>;
  /** The body as sent (Content-Length bytes, or what came before the connection closed). */
  readonly body: string;
}

/** What happened on one connection. */
export interface RawExchange {
  /** The first response, or undefined when the server sent none. */
  readonly response: RawResponse | undefined;
  /** Every byte the server sent, as latin1 text. */
  readonly received: string;
  /** True when the server closed (or reset) the connection before we stopped waiting. */
  readonly closedByServer: boolean;
}

/** How a raw exchange sends and when it stops. */
export interface RawOptions {
  /**
   * Give up after this long (default 60 s: generous, so that only a server that never answers or
   * never closes makes us give up, however busy the machine; tests assert what happened, never when).
   */
  readonly timeoutMs?: number;
  /** "response": stop once one complete response arrived (default); "close": wait for the server to close. */
  readonly until?: "response" | "close";
  /** Called once connected, after `payload` is written: keep writing, for slow or endless clients. */
  readonly afterConnect?: (socket: Socket) => void;
}

const headEnd = "\r\n\r\n";

function parseResponse(received: Buffer, headOnly = false): RawResponse | undefined {
  const end = received.indexOf(headEnd);
  if (end === -1) return undefined;
  const [statusLine = "", ...lines] = received.subarray(0, end).toString("latin1").split("\r\n");
  const status = Number(statusLine.split(" ")[1]);
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(":");
    if (colon > 0)
      headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  const bodyBytes = received.subarray(end + headEnd.length);
  // A HEAD response announces the length of the body it leaves out.
  const length = headOnly ? "0" : headers["content-length"];
  if (length !== undefined && bodyBytes.length < Number(length)) return undefined;
  const body = (length === undefined ? bodyBytes : bodyBytes.subarray(0, Number(length))).toString(
    "utf8",
  );
  return { status, headers, body };
}

// A response without Content-Length is complete only when the connection closes (or has no body).
const isComplete = (response: RawResponse | undefined, headOnly: boolean): boolean =>
  response !== undefined &&
  (headOnly ||
    response.headers["content-length"] !== undefined ||
    response.status === 204 ||
    response.status === 304);

/**
 * Speaks HTTP/1.1 over a plain TCP socket to 127.0.0.1:`port`: sends `payload` as given (so it can
 * be anything a client could send: unknown methods, raw paths, lies in Content-Length, half a
 * request) and reports what came back and whether the server closed the connection.
 */
export function rawExchange(
  port: number,
  payload: string | Uint8Array,
  options: RawOptions = {},
): Promise<RawExchange> {
  const { timeoutMs = 60_000, until = "response", afterConnect } = options;
  const headOnly = typeof payload === "string" && payload.startsWith("HEAD ");
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let responded = false;
    let settled = false;
    const socket = connect(port, "127.0.0.1", () => {
      socket.write(payload);
      afterConnect?.(socket);
    });
    const finish = (closedByServer: boolean) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      const received = Buffer.concat(chunks);
      resolve({
        response: parseResponse(received, headOnly),
        received: received.toString("latin1"),
        closedByServer,
      });
    };
    const timer = setTimeout(() => finish(false), timeoutMs);
    socket.on("data", (chunk: Buffer) => {
      chunks.push(chunk);
      if (!responded && isComplete(parseResponse(Buffer.concat(chunks), headOnly), headOnly)) {
        responded = true;
        if (until === "response") finish(false);
      }
    });
    // A reset counts as the server closing: the client sees the connection gone either way.
    socket.on("error", () => finish(true));
    socket.on("close", () => finish(true));
  });
}

/** A minimal request head: `METHOD target HTTP/1.1`, Host, the given headers, a blank line. */
export function requestHead(
  method: string,
  target: string,
  headers: Readonly<Record<string, string | number>> = {},
): string {
  let head = `${method} ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\n`;
  for (const [name, value] of Object.entries(headers)) head += `${name}: ${value}\r\n`;
  return `${head}\r\n`;
}

/**
 * `payload` followed on the same connection by a valid request: a second response shows that the
 * server read on past `payload` (see `responsesIn`).
 */
export function withFollowUp(payload: string): string {
  return payload + requestHead("GET", "/users", { connection: "close" });
}

/** How many responses (status lines) a raw exchange received. */
export function responsesIn(received: string): number {
  return received.match(/^HTTP\/1\.[01] \d{3}/gm)?.length ?? 0;
}
