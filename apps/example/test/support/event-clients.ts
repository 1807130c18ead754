// Clients of the example's live user events that stay connected through a rolling restart: when
// their connection ends they reconnect by themselves, as a browser's EventSource would, and resume
// after the last event they received (SSE: the Last-Event-ID header; WebSocket: the documented
// `lastEventId` query parameter). Each one records the id of every user it was told about.

/** What a following client saw. */
export interface FollowerRecord {
  /** The id of each created user, in the order received (a repeat would show twice). */
  readonly userIds: readonly string[];
  /** For each of `userIds`: `<connection number>#<event id>`, to tell where a repeat came from. */
  readonly origins: readonly string[];
  /** The time (performance.now()) each user id first arrived. */
  readonly arrivals: ReadonlyMap<string, number>;
  /** How many times it connected (1 + reconnects). */
  readonly connections: number;
  /** Replays the server could not honour (a `resync` frame, or an SSE stream without replay). */
  readonly gaps: number;
  /** What went wrong on each reconnect, for a failing test's message. */
  readonly errors: readonly string[];
}

/** A client that follows user events until `close()`. */
export interface Follower {
  readonly kind: "sse" | "websocket";
  record(): FollowerRecord;
  /** Resolves once the first connection is open (events from then on are received). */
  readonly opened: Promise<void>;
  close(): void;
}

/** The created user's id in an event payload (SSE `{kind, user}`; WebSocket `{type, data}`). */
function userIdOf(payload: unknown): string | undefined {
  if (payload === null || typeof payload !== "object") return undefined;
  const { user, data } = payload as { user?: { id?: unknown }; data?: { id?: unknown } };
  const id = user?.id ?? data?.id;
  return typeof id === "string" ? id : undefined;
}

/** Shared bookkeeping of both clients. */
function recorder() {
  const userIds: string[] = [];
  const origins: string[] = [];
  const arrivals = new Map<string, number>();
  const errors: string[] = [];
  const state = { connections: 0, gaps: 0 };
  return {
    userIds,
    errors,
    state,
    saw(payload: unknown, eventId: string | undefined) {
      const id = userIdOf(payload);
      if (id === undefined) return;
      userIds.push(id);
      origins.push(`${state.connections}#${eventId}`);
      if (!arrivals.has(id)) arrivals.set(id, performance.now());
    },
    record: (): FollowerRecord => ({
      userIds: [...userIds],
      origins: [...origins],
      arrivals,
      connections: state.connections,
      gaps: state.gaps,
      errors: [...errors],
    }),
  };
}

/** Follows `GET <base>/users/events`, reconnecting with `Last-Event-ID` after every end. */
export function followSse(base: string): Follower {
  const log = recorder();
  const stopped = new AbortController();
  const { promise: opened, resolve: open } = Promise.withResolvers<void>();
  let lastEventId: string | undefined;
  let retryMs = 250;

  const readStream = async () => {
    const headers: Record<string, string> = { accept: "text/event-stream" };
    if (lastEventId !== undefined) headers["last-event-id"] = lastEventId;
    const response = await fetch(`${base}/users/events`, { headers, signal: stopped.signal });
    if (response.status !== 200 || !response.body) {
      throw new Error(`status ${response.status}: ${await response.text()}`);
    }
    log.state.connections++;
    open();
    const decoder = new TextDecoder();
    let buffer = "";
    let event: { id?: string; data: string[] } = { data: [] };
    for await (const chunk of response.body) {
      buffer += decoder.decode(chunk, { stream: true });
      let newline = buffer.indexOf("\n");
      while (newline >= 0) {
        const line = buffer.slice(0, newline).replace(/\r$/, "");
        buffer = buffer.slice(newline + 1);
        newline = buffer.indexOf("\n");
        if (line === "") {
          if (event.id !== undefined) lastEventId = event.id;
          if (event.data.length > 0) log.saw(JSON.parse(event.data.join("\n")), event.id);
          event = { data: [] };
          continue;
        }
        const colon = line.indexOf(":");
        if (colon === 0) continue; // a comment (keep-alive)
        const field = colon < 0 ? line : line.slice(0, colon);
        const value = colon < 0 ? "" : line.slice(colon + 1).replace(/^ /, "");
        if (field === "data") event.data.push(value);
        else if (field === "id") event.id = value;
        else if (field === "retry" && /^\d+$/.test(value)) retryMs = Number(value);
        else if (field === "event" && value === "resync") log.state.gaps++;
      }
    }
  };

  void (async () => {
    while (!stopped.signal.aborted) {
      try {
        await readStream();
      } catch (error) {
        if (!stopped.signal.aborted) log.errors.push(String(error));
      }
      if (!stopped.signal.aborted) await Bun.sleep(Math.min(retryMs, 1000));
    }
  })();

  return {
    kind: "sse",
    opened,
    record: log.record,
    close: () => stopped.abort(),
  };
}

/** Follows `<base>/ws/users` (ws://), reconnecting with `?lastEventId=` after every close. */
export function followWebSocket(base: string): Follower {
  const log = recorder();
  const { promise: opened, resolve: open } = Promise.withResolvers<void>();
  let lastEventId: string | undefined;
  let closed = false;
  let socket: WebSocket | undefined;

  const connect = () => {
    const url = new URL("/ws/users", base.replace(/^http/, "ws"));
    if (lastEventId !== undefined) url.searchParams.set("lastEventId", lastEventId);
    const current = new WebSocket(url.href);
    socket = current;
    current.onopen = () => {
      log.state.connections++;
      open();
    };
    current.onmessage = (message) => {
      const parsed = JSON.parse(String(message.data)) as { type?: string; eventId?: string };
      if (typeof parsed.eventId === "string") lastEventId = parsed.eventId;
      if (parsed.type === "resync") log.state.gaps++;
      else log.saw(parsed, parsed.eventId);
    };
    current.onerror = () => log.errors.push(`error on ${url.href}`);
    current.onclose = (event) => {
      if (closed) return;
      log.errors.push(`closed ${event.code} ${event.reason}; resuming after ${lastEventId}`);
      setTimeout(connect, 250);
    };
  };
  connect();

  return {
    kind: "websocket",
    opened,
    record: log.record,
    close() {
      closed = true;
      socket?.close();
    },
  };
}

/** How a follower's record compares with the users that were created. */
export interface Delivery {
  readonly expected: number;
  /** Distinct expected users the client received. */
  readonly delivered: number;
  readonly missing: readonly string[];
  /** Ids received more than once. */
  readonly duplicated: readonly string[];
  /** The first few repeats: where each copy came from (`<connection>#<event id>`). */
  readonly repeats: readonly string[];
  /** Ids received that were not created during the run. */
  readonly unexpected: readonly string[];
}

/** Compares a record with the ids of the users created (every one exactly once). */
export function delivery(record: FollowerRecord, created: readonly string[]): Delivery {
  const counts = new Map<string, number>();
  for (const id of record.userIds) counts.set(id, (counts.get(id) ?? 0) + 1);
  const expected = new Set(created);
  return {
    expected: expected.size,
    delivered: [...expected].filter((id) => counts.has(id)).length,
    missing: [...expected].filter((id) => !counts.has(id)),
    duplicated: [...counts].filter(([, count]) => count > 1).map(([id]) => id),
    repeats: [...counts]
      .filter(([, count]) => count > 1)
      .slice(0, 5)
      .map(([id]) => {
        const copies = record.userIds.flatMap((each, at) =>
          each === id ? [record.origins[at]] : [],
        );
        return `${id}: ${copies.join(", ")}`;
      }),
    unexpected: [...counts.keys()].filter((id) => !expected.has(id)),
  };
}
