// The request kinds of soak/mix.lua, the statuses each may get, and the verdict on a run's counts.

/** Every kind mix.lua sends, with the statuses that are correct answers to it. */
export const expectedStatuses: Readonly<Record<string, readonly number[]>> = {
  list: [200],
  get_known: [200],
  get_unknown: [404],
  // A valid user is created, or its e-mail (from a bounded pool) is taken already.
  post_valid: [201, 409],
  post_invalid: [400],
  post_malformed: [400],
};

/** The flat counters mix.lua prints: "sent <kind>", "status <kind> <code>", "error <name>", ... */
export type Tally = Readonly<Record<string, number>>;

/** One kind's line in the report. */
export interface KindRow {
  readonly kind: string;
  readonly sent: number;
  /** status code -> responses */
  readonly statuses: Readonly<Record<string, number>>;
  readonly unexpected: number;
  /** Sent but not answered when wrk stopped (at most one per connection is normal). */
  readonly unanswered: number;
}

/** What a run's counters say. */
export interface MixVerdict {
  readonly rows: readonly KindRow[];
  readonly socketErrors: {
    readonly connect: number;
    readonly read: number;
    readonly write: number;
    readonly timeout: number;
  };
  readonly requests: number;
  readonly unexpected: number;
  /** Responses mix.lua could not tie to a request kind (must be 0). */
  readonly unattributed: number;
  readonly problems: readonly string[];
}

/** Parses the "SOAK {...}" line of wrk's output. */
export function parseTally(output: string): Tally {
  const line = output.split("\n").find((each) => each.startsWith("SOAK "));
  if (!line)
    throw new Error(`wrk printed no SOAK line (did mix.lua run?):\n${output.slice(-2000)}`);
  return JSON.parse(line.slice("SOAK ".length)) as Tally;
}

/** Judges a tally: zero socket errors, every status expected for its kind, nothing unattributed. */
export function judgeTally(tally: Tally, connections: number): MixVerdict {
  const problems: string[] = [];
  const rows: KindRow[] = [];
  for (const [kind, expected] of Object.entries(expectedStatuses)) {
    const statuses: Record<string, number> = {};
    let answered = 0;
    let unexpected = 0;
    for (const [key, count] of Object.entries(tally)) {
      const match = /^status (\S+) (\d+)$/.exec(key);
      if (!match || match[1] !== kind) continue;
      statuses[match[2] as string] = count;
      answered += count;
      if (!expected.includes(Number(match[2]))) unexpected += count;
    }
    const sent = tally[`sent ${kind}`] ?? 0;
    const unanswered = Math.max(0, sent - answered);
    if (unexpected > 0)
      problems.push(`${kind}: ${unexpected} responses with a status outside ${expected.join("/")}`);
    if (unanswered > connections)
      problems.push(`${kind}: ${unanswered} requests unanswered (more than one per connection)`);
    rows.push({ kind, sent, statuses, unexpected, unanswered });
  }
  const unattributed = Object.entries(tally)
    .filter(
      ([key]) =>
        /^status (?:unattributed|\S+) \d+$/.test(key) &&
        !((key.split(" ")[1] as string) in expectedStatuses),
    )
    .reduce((sum, [, count]) => sum + count, 0);
  if (unattributed > 0) problems.push(`${unattributed} responses not tied to a request kind`);
  const socketErrors = {
    connect: tally["error connect"] ?? 0,
    read: tally["error read"] ?? 0,
    write: tally["error write"] ?? 0,
    timeout: tally["error timeout"] ?? 0,
  };
  const errorTotal =
    socketErrors.connect + socketErrors.read + socketErrors.write + socketErrors.timeout;
  if (errorTotal > 0) problems.push(`socket errors: ${JSON.stringify(socketErrors)}`);
  return {
    rows,
    socketErrors,
    requests: tally.requests ?? 0,
    unexpected: rows.reduce((sum, row) => sum + row.unexpected, 0),
    unattributed,
    problems,
  };
}
