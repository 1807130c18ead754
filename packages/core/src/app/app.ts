import type { AsyncApiDocument } from "../asyncapi/generate-asyncapi.js";
import type { AppState } from "../di/built-in-tokens.js";
import type { ModuleInfo } from "../di/module-graph.js";
import type { RouteMap, ServeHandler } from "../http/route-handler.js";
import type { OpenApiDocument } from "../openapi/openapi-options.js";
import type { PubSub } from "../pubsub/pubsub.js";
import type { WebSocketHandler } from "../websocket/websocket-handler.js";
import type { CloseOptions } from "./app-lifecycle.js";

/** What `createApp` returns: hand `routes` and `fetch` to `Bun.serve` (or the app to `serve`). */
export interface App {
  /** A `Bun.serve` route map (`{ "/users/:id": { GET: handler, ... } }`). */
  readonly routes: RouteMap;
  /** A complete request handler: serves every route alone, or answers what `routes` does not. */
  readonly fetch: ServeHandler;
  /**
   * The generated OpenAPI document: built on first read (or at startup when docs are served or
   * `openapi.file` is set); what could make it fail is checked by `createApp` itself.
   */
  readonly document: OpenApiDocument;
  /**
   * One OpenAPI document per API version (`{ "1": ..., "2": ... }`, served at
   * `/docs/v1/openapi.json`, ...): `document` is the default version's. Empty when the app has no
   * versions.
   */
  readonly documents: Readonly<Record<string, OpenApiDocument>>;
  /**
   * The `websocket` object for `Bun.serve({ routes, fetch, websocket })`: serves every
   * `@WebSocketRoute` (`serve(app)` passes it itself).
   */
  readonly websocket: WebSocketHandler;
  /** The AsyncAPI 3.0 document of the app's WebSocket routes. */
  readonly asyncapi: AsyncApiDocument;
  /**
   * Sends `message` as JSON to every subscriber of `topic` (WebSocket connections, `Topics.follow`
   * streams) on every instance, through `pubsub` (`WebSocketPublisher` and `Topics` too). Returns 1
   * when it is on its way, 0 when it was lost at once (the engine is unreachable: logged, counted).
   */
  publish(topic: string, message: unknown): number;
  /**
   * The publish/subscribe adapter (`createApp({ pubsub })`): `status()` for health and metrics.
   * With telemetry on, the observed one around it (its publishes counted, its deliveries traced).
   */
  readonly pubsub: PubSub;
  /** The module graph as data: `createApp`'s own first, then each module (imports first). */
  readonly modules: readonly ModuleInfo[];
  /**
   * Resolves when async providers and `onInit()` hooks are done (at once when there are none);
   * rejects with the `TrellisConfigError` of the failing provider. Routes answer 503 until then.
   */
  readonly ready: Promise<void>;
  /** Where the app is in its life (`state.status`, `state.isReady`); injectable as `AppState`. */
  readonly state: AppState;
  /**
   * Flips readiness to "closing", lets the servers `serve` started drain (cut after `graceMs`),
   * then runs every `onShutdown()` in reverse order. Idempotent.
   */
  close(options?: CloseOptions): Promise<void>;
}
