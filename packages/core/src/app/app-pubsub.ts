import { AppState } from "../di/built-in-tokens.js";
import type { Container } from "../di/container.js";
import type { ModuleGraph } from "../di/module-graph.js";
import { connectTopics, Topics } from "../di/topics.js";
import { connectPublisher, WebSocketPublisher } from "../di/websocket-publisher.js";
import { configError } from "../errors/core-config-error.js";
import type { Logger } from "../errors/logger.js";
import type { AppObserver } from "../observability/app-observer.js";
import { inProcessPubSub } from "../pubsub/in-process-pubsub.js";
import type { PubSub } from "../pubsub/pubsub.js";
import type { SocketHub } from "../websocket/socket-hub.js";
import { publishMeta } from "./publish-meta.js";

const methods = ["publish", "subscribe", "replay", "compare", "status", "close"] as const;

/** Checks `createApp`'s `pubsub` option: a `PubSub` (default: a new in-process one). */
export function parsePubSub(value: unknown): PubSub {
  if (value === undefined) return inProcessPubSub();
  const candidate = value as Record<string, unknown> | null;
  const missing =
    candidate === null || typeof candidate !== "object"
      ? [...methods]
      : methods.filter((name) => typeof candidate[name] !== "function");
  if (
    missing.length > 0 ||
    (candidate?.open !== undefined && typeof candidate.open !== "function")
  ) {
    throw configError("INVALID_PUBSUB", [missing.join(", ") || "a valid open"]);
  }
  return value as PubSub;
}

const builtIns = new Map<unknown, string>([
  [AppState, "AppState is the app's own lifecycle status"],
  [
    WebSocketPublisher,
    "WebSocketPublisher publishes through createApp's `pubsub`; to publish through an engine, pass createApp({ pubsub: redisPubSub(...) })",
  ],
  [Topics, "Topics goes through createApp's `pubsub`; pass createApp({ pubsub }) to change it"],
]);

/**
 * Refuses a provider of an injectable the app makes itself: it would never be used (the app's own
 * one is injected), so it is a startup error instead of being ignored.
 */
export function checkReservedProviders(graph: ModuleGraph): void {
  for (const [token, why] of builtIns) {
    const owner = graph.owners.get(token);
    if (owner !== undefined) {
      throw configError("RESERVED_PROVIDER", [owner.name, (token as Function).name, why]);
    }
  }
}

/**
 * The app's one publish path (`app.publish`, `WebSocketPublisher`, `Topics`): the message as JSON
 * once, handed to the pub/sub. Opens the pub/sub; returns what `app.ready` waits for, if anything.
 */
export function connectPubSub(
  pubsub: PubSub,
  hub: SocketHub,
  container: Container,
  app: { readonly logger: Logger; readonly observability?: AppObserver | undefined },
): { publish: (topic: string, message: unknown) => number; opening: Promise<void> | undefined } {
  const { logger, observability } = app;
  const metaNow = publishMeta(observability);
  const publish = (topic: string, message: unknown): number => {
    const text = JSON.stringify(message);
    if (text === undefined) throw new TypeError("A published message must be a JSON value.");
    return hub.publishText(topic, text, metaNow());
  };
  connectPublisher(container.publisher, publish);
  connectTopics(container.topics, pubsub, publish);
  const opening = pubsub.open?.({ logger });
  return { publish, opening: opening instanceof Promise ? opening : undefined };
}
