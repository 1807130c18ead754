/**
 * Why the scanner stopped: framing it cannot read (a 400) or a part head over its size (a 413).
 */
export class MultipartFramingError extends Error {
  constructor(
    readonly reason: "malformed" | "head-too-large",
    message: string,
  ) {
    super(message);
  }
}

/** What the scanner hands its owner, in order, as bytes arrive. */
export interface ScanEvents {
  /** A part begins; `head` is its header block as UTF-8 text (lines joined by CRLF). */
  partStart(head: string): void;
  /** Bytes of the current part's body: a view of the chunk fed, valid until `feed` returns. */
  partData(bytes: Uint8Array): void;
  /** The current part's body is complete. */
  partEnd(): void;
}

enum State {
  Preamble,
  DelimiterLine,
  Head,
  Body,
  Done,
}

const cr = 0x0d;
const lf = 0x0a;
const headEnd = Buffer.from("\r\n\r\n", "latin1");
/** Transport padding allowed after a delimiter (RFC 2046), before its CRLF. */
const maxDelimiterLine = 256;

/**
 * A multipart body's framing read as it streams (RFC 2046 / RFC 7578), synchronously, chunk by
 * chunk: a boundary split across chunks is found, and only bytes that may still begin a delimiter
 * are carried over (fewer than the delimiter's length), plus one part's header block up to
 * `maxHead` bytes. Body bytes are handed on as views of the chunk, never copied or kept, so what
 * the scanner holds does not grow with the size of a part. `maxCarried` records the most it held.
 */
export class MultipartScanner {
  /** "\r\n--boundary": every delimiter starts a line (the first is found after a virtual CRLF). */
  private readonly delimiter: Buffer;
  private state = State.Preamble;
  private carry: Buffer = Buffer.from("\r\n", "latin1");
  /** True until the first chunk is fed (the virtual CRLF is still the whole carry). */
  private atStart = true;
  private line = "";
  /** The most bytes carried between chunks at once (header block or a possible delimiter). */
  maxCarried = 0;

  constructor(
    boundary: string,
    private readonly events: ScanEvents,
    private readonly maxHead: number,
  ) {
    this.delimiter = Buffer.from(`\r\n--${boundary}`, "latin1");
  }

  /** True once the close delimiter was read (what follows it, the epilogue, is ignored). */
  get done(): boolean {
    return this.state === State.Done;
  }

  /** Reads one chunk; throws `MultipartFramingError` on framing it cannot accept. */
  feed(chunk: Uint8Array): void {
    if (this.state === State.Done) return;
    const incoming = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    let at = 0;
    let bytes = incoming;
    const dashBoundary = this.delimiter.length - 2;
    if (this.atStart && incoming.length >= dashBoundary) {
      // The virtual CRLF only serves a delimiter at the very start: read without copying the chunk.
      if (incoming.compare(this.delimiter, 2, this.delimiter.length, 0, dashBoundary) === 0) {
        this.state = State.DelimiterLine;
        at = dashBoundary;
      }
    } else if (this.carry.length > 0) {
      bytes = Buffer.concat([this.carry, incoming]);
    }
    this.atStart = false;
    this.carry = Buffer.alloc(0);
    while (at < bytes.length && (this.state as State) !== State.Done) {
      if (this.state === State.Preamble || this.state === State.Body) at = this.scanBody(bytes, at);
      else if (this.state === State.DelimiterLine) at = this.scanDelimiterLine(bytes, at);
      else at = this.scanHead(bytes, at);
      if (at < 0) {
        // The rest may begin a delimiter or a header block: kept for the next chunk.
        bytes = bytes.subarray(-at - 1);
        this.keep(bytes);
        return;
      }
    }
  }

  /** Called when the stream ends: anything but a read close delimiter is malformed. */
  end(): void {
    if (this.state !== State.Done) {
      throw new MultipartFramingError("malformed", "has no closing delimiter");
    }
  }

  private keep(bytes: Buffer): void {
    this.carry = Buffer.from(bytes); // a copy: the chunk it views is not ours to keep
    if (this.carry.length > this.maxCarried) this.maxCarried = this.carry.length;
  }

  /** Body (or preamble) bytes up to the next delimiter. Returns the next offset, or -(keep) - 1. */
  private scanBody(bytes: Buffer, from: number): number {
    const found = bytes.indexOf(this.delimiter, from);
    const inBody = this.state === State.Body;
    if (found !== -1) {
      if (inBody && found > from) this.events.partData(bytes.subarray(from, found));
      if (inBody) this.events.partEnd();
      this.state = State.DelimiterLine;
      this.line = "";
      return found + this.delimiter.length;
    }
    // No whole delimiter: the tail that could begin one is carried, the rest handed on.
    const tail = this.possibleDelimiterStart(bytes, from);
    if (inBody && tail > from) this.events.partData(bytes.subarray(from, tail));
    return tail === bytes.length ? bytes.length : -tail - 1;
  }

  /** Where the longest suffix of `bytes` that is a prefix of the delimiter begins. */
  private possibleDelimiterStart(bytes: Buffer, from: number): number {
    const delimiter = this.delimiter;
    for (
      let start = Math.max(from, bytes.length - delimiter.length + 1);
      start < bytes.length;
      start++
    ) {
      if (bytes[start] !== cr) continue;
      let matches = true;
      for (let index = start + 1; index < bytes.length; index++) {
        if (bytes[index] !== delimiter[index - start]) {
          matches = false;
          break;
        }
      }
      if (matches) return start;
    }
    return bytes.length;
  }

  /** After a delimiter: `--` closes the body; else optional padding, then CRLF starts a part. */
  private scanDelimiterLine(bytes: Buffer, from: number): number {
    let at = from;
    let bad = false;
    while (at < bytes.length && !bad) {
      const byte = bytes[at++] as number;
      this.line += String.fromCharCode(byte);
      if (this.line === "--") {
        this.state = State.Done;
        return at;
      }
      if (this.line === "-") continue;
      if (byte === lf) {
        if (!/^[ \t]*\r\n$/.test(this.line)) bad = true;
        if (bad) break;
        this.state = State.Head;
        return at;
      }
      bad =
        this.line.charCodeAt(0) === 0x2d ||
        this.line.length > maxDelimiterLine ||
        (byte !== 0x20 && byte !== 0x09 && byte !== cr);
    }
    // A line not finished yet goes on in the next chunk.
    if (!bad) return at;
    throw new MultipartFramingError("malformed", "has a malformed delimiter line");
  }

  /** A part's header block, up to the blank line; what is not complete yet is carried. */
  private scanHead(bytes: Buffer, from: number): number {
    if (bytes.length - from < 2) return -from - 1;
    if (bytes[from] === cr && bytes[from + 1] === lf) {
      this.events.partStart(""); // a part without any header
      this.state = State.Body;
      return from + 2;
    }
    const end = bytes.indexOf(headEnd, from);
    const size = (end === -1 ? bytes.length : end) - from;
    if (size > this.maxHead) {
      throw new MultipartFramingError(
        "head-too-large",
        `has a part head over ${this.maxHead} bytes`,
      );
    }
    if (end === -1) return -from - 1;
    this.events.partStart(bytes.toString("utf8", from, end));
    this.state = State.Body;
    return end + headEnd.length;
  }
}
