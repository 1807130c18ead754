import { type Static, Type } from "@sinclair/typebox";
import { typebox } from "@trellis/adapter-typebox";
import { createClient } from "@trellis/client";
import {
  Controller,
  createApp,
  Description,
  Header,
  Injectable,
  Post,
  Returns,
  Route,
  Sse,
  Summary,
} from "@trellis/core";
import { documented } from "./documented.ts";

const UserEvent = Type.Object(
  { kind: Type.Union([Type.Literal("created"), Type.Literal("deleted")]), userId: Type.String() },
  { $id: "UserEvent" },
);
type UserEvent = Static<typeof UserEvent>;

// #region feed
/** A tiny in-memory event log; a real app would use its database or a message broker. */
@Injectable()
class UserEvents {
  readonly log: { id: number; event: UserEvent }[] = [];
  private waiting: (() => void)[] = [];

  publish(event: UserEvent) {
    this.log.push({ id: this.log.length + 1, event });
    for (const wake of this.waiting.splice(0)) wake();
  }

  /** Every event after `lastId`, then each new one as it happens, until `signal` aborts. */
  async *since(lastId: number, signal: AbortSignal) {
    let next = lastId;
    while (!signal.aborted) {
      while (next < this.log.length) yield this.log[next++] as { id: number; event: UserEvent };
      await new Promise<void>((resolve) => {
        const wake = () => {
          signal.removeEventListener("abort", wake);
          resolve();
        };
        this.waiting.push(wake);
        signal.addEventListener("abort", wake);
      });
    }
  }
}
// #endregion

// #region controller
@Route("/users")
@Description("What happens to users")
class UserEventController extends Controller {
  constructor(private readonly events: UserEvents) {
    super();
  }

  // Guards, security and the validation of Last-Event-ID run before the stream starts.
  @Sse("/events", { keepAlive: 5_000 })
  @Summary("Follow user events")
  @Description("A stream of events; resumes after `Last-Event-ID`.")
  @Returns(200, UserEvent, "User events, as they happen")
  async *stream(@Header("last-event-id") last?: number) {
    // this.signal aborts when the client disconnects; the loop (and its finally) then ends.
    for await (const { id, event } of this.events.since(last ?? 0, this.signal)) {
      yield { id: String(id), event: event.kind, data: event };
    }
  }

  @Post("/deleted")
  @Summary("Report a deleted user")
  @Description("Publishes a `deleted` event.")
  @Returns(204, "Published")
  deleted(@Header("x-user-id") userId: string) {
    this.events.publish({ kind: "deleted", userId });
  }
}
// #endregion

export const app = createApp({
  schema: typebox(),
  controllers: [UserEventController],
  providers: [UserEvents],
  openapi: { ...documented("users", "User events as Server-Sent Events."), version: "3.2" },
  docs: { swagger: true }, // also serves the typed client's manifest
});

// #region client
/** The id of the next user deleted, read with @trellis/client (typed from the controller). */
async function nextDeletion(baseUrl: string): Promise<string | undefined> {
  const api = createClient<{ users: UserEventController }>({ baseUrl });
  for await (const event of await api.users.stream()) {
    // event.data is a UserEvent; leaving the loop closes the stream.
    if (event.event === "deleted") return event.data.userId;
  }
  return undefined;
}
// #endregion

/** The next event of an open stream, as text (comment lines such as ": open" skipped). */
async function nextEvent(reader: ReadableStreamDefaultReader<Uint8Array>): Promise<string> {
  let text = "";
  for (;;) {
    text = text.replace(/^:.*\n\n/gm, "");
    if (text.includes("\n\n")) return text;
    const { done, value } = await reader.read();
    if (done) return text;
    text += new TextDecoder().decode(value);
  }
}

/** Events written before and after a client connects, and a client resuming from an id. */
export async function demo() {
  const server = Bun.serve({ port: 0, routes: app.routes, fetch: app.fetch });
  try {
    const events = new URL("/users/events", server.url);
    const publish = (userId: string) =>
      fetch(new URL("/users/deleted", server.url), {
        method: "POST",
        headers: { "x-user-id": userId },
      });
    await publish("u1");
    const reader = (
      await fetch(events)
    ).body?.getReader() as ReadableStreamDefaultReader<Uint8Array>;
    const first = await nextEvent(reader);
    await publish("u2");
    const second = await nextEvent(reader);
    await reader.cancel();
    const resumed = await fetch(events, { headers: { "last-event-id": "1" } });
    const resumedReader = resumed.body?.getReader() as ReadableStreamDefaultReader<Uint8Array>;
    const afterResume = await nextEvent(resumedReader);
    await resumedReader.cancel();
    const invalid = await fetch(events, { headers: { "last-event-id": "yesterday" } });
    const viaClient = await nextDeletion(server.url.href);
    return {
      first,
      second,
      afterResume,
      invalid: invalid.status,
      viaClient,
      document: app.document,
    };
  } finally {
    await server.stop(true);
  }
}
