import { type Static, Type } from "@sinclair/typebox";
import { typebox } from "@trellis/adapter-typebox";
import {
  Body,
  Controller,
  createApp,
  Header,
  Inject,
  inProcessPubSub,
  OnOpen,
  Post,
  type PubSub,
  type PubSubListener,
  type PubSubMessage,
  Returns,
  Route,
  Sse,
  Topics,
  type WebSocketConnection,
  WebSocketRoute,
} from "@trellis/core";
import { postgresPubSub } from "@trellis/pubsub-postgres";
import { redisPubSub } from "@trellis/pubsub-redis";

const Order = Type.Object({ id: Type.String(), item: Type.String() }, { $id: "Order" });
type Order = Static<typeof Order>;

// #region choose
/** One adapter per process: Redis if configured, else Postgres, else this process alone. */
export function pubsubFromEnv(env: Record<string, string | undefined> = process.env): PubSub {
  if (env.REDIS_URL) return redisPubSub({ url: env.REDIS_URL });
  if (env.DATABASE_URL) return postgresPubSub({ url: env.DATABASE_URL });
  return inProcessPubSub();
}
// #endregion

// #region feed
@Route("/orders")
class OrderController extends Controller {
  constructor(@Inject(Topics) private readonly topics: Topics) {
    super();
  }

  @Post()
  @Returns(200, Order)
  place(@Body(Order) order: Order) {
    this.topics.publish("orders", order); // every instance's subscribers get it
    return order;
  }

  @Sse("/events")
  @Returns(200, Order)
  follow(@Header("last-event-id") lastEventId?: string) {
    // Replays what the client missed (from any instance), then goes on live.
    return this.topics.follow<Order>("orders", { lastEventId, signal: this.signal });
  }
}

@WebSocketRoute("/ws/orders")
class OrderSocket {
  @OnOpen()
  open(connection: WebSocketConnection) {
    connection.follow("orders"); // resumes from the ?lastEventId= of the upgrade URL
  }
}

export function orderApp(pubsub: PubSub) {
  return createApp({ schema: typebox(), controllers: [OrderController, OrderSocket], pubsub });
}
// #endregion

// #region adapter
/** The "engine" of this sketch: a log in memory that several adapters share. */
export interface MemoryLog {
  messages: PubSubMessage[];
  last: number; // the last id given
  gone: number; // the highest id trimmed away
  readonly readers: Set<(message: PubSubMessage) => void>;
}

export const memoryLog = (): MemoryLog => ({ messages: [], last: 0, gone: 0, readers: new Set() });

/** The whole PubSub contract over a shared MemoryLog (a real adapter talks to its engine). */
export function memoryLogPubSub(log: MemoryLog, maxEvents = 1000): PubSub {
  const listeners = new Map<string, Set<PubSubListener>>();
  let open = true;
  const read = (message: PubSubMessage) => {
    for (const listener of listeners.get(message.topic) ?? []) {
      listener(message.payload, message.id, message.topic);
    }
  };
  log.readers.add(read);
  return {
    publish(topic, payload) {
      if (!open) return false;
      const message = { topic, id: String(++log.last), payload }; // the engine orders and ids
      log.messages.push(message);
      while (log.messages.length > maxEvents) log.gone = Number(log.messages.shift()?.id);
      for (const reader of log.readers) reader(message);
      return true;
    },
    subscribe(topic, listener) {
      const set = listeners.get(topic) ?? new Set();
      listeners.set(topic, set.add(listener));
      return () => set.delete(listener);
    },
    replay(topic, after) {
      if (!/^\d{1,15}$/.test(after)) return { messages: [], gap: "malformed" };
      if (Number(after) > log.last) return { messages: [], gap: "unknown" };
      if (Number(after) < log.gone) return { messages: [], gap: "expired" };
      const messages = log.messages.filter((m) => m.topic === topic && Number(m.id) > +after);
      return { messages };
    },
    compare: (a, b) => Number(a) - Number(b),
    status: () => ({
      engine: "memory-log",
      connected: open,
      lostPublishes: 0,
      reconnects: 0,
      window: { maxEvents, maxAgeMs: Number.MAX_SAFE_INTEGER },
    }),
    close() {
      open = false;
      log.readers.delete(read);
      listeners.clear();
    },
  };
}
// #endregion

/** Reads a Server-Sent Events stream block by block (each up to its blank line). */
function blocks(response: Response) {
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  let text = "";
  return {
    async next(): Promise<string> {
      while (!text.includes("\n\n")) {
        const { done, value } = await reader.read();
        if (done) break;
        text += decoder.decode(value, { stream: true });
      }
      const end = text.indexOf("\n\n") + 2;
      const block = text.slice(0, end);
      text = text.slice(end);
      return block;
    },
    cancel: () => reader.cancel(),
  };
}

/** Two instances on one log: an order placed on A reaches a reader of B, who resumes on B. */
export async function demo() {
  const log = memoryLog();
  const a = orderApp(memoryLogPubSub(log));
  const b = orderApp(memoryLogPubSub(log));
  const server = Bun.serve({ port: 0, routes: b.routes, fetch: b.fetch, websocket: b.websocket });
  const place = (order: Order) =>
    a.fetch(
      new Request("http://a.local/orders", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(order),
      }),
    );
  try {
    const stream = blocks(await fetch(new URL("/orders/events", server.url)));
    const opening = await stream.next();
    await place({ id: "o1", item: "tea" });
    const first = await stream.next();
    await stream.cancel();
    await place({ id: "o2", item: "coffee" }); // while the reader is away
    const again = blocks(
      await fetch(new URL("/orders/events", server.url), { headers: { "last-event-id": "1" } }),
    );
    await again.next(); // the opening retry
    const resumed = await again.next();
    await again.cancel();
    return { opening, first, resumed };
  } finally {
    await server.stop(true);
    await a.close();
    await b.close();
  }
}
