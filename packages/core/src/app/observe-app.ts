import { countedPubSub } from "../observability/counted-pubsub.js";
import { observeConnections } from "../observability/http-metrics.js";
import { observeErrors } from "../observability/observe-errors.js";
import type { ErrorResponder } from "../pipeline/error-responder.js";
import type { PubSub } from "../pubsub/pubsub.js";
import type { AppSettings } from "./app-settings.js";

/** What observing an app changes in its parts; each is the part itself when nothing observes. */
export interface ObservedApp {
  /** The pub/sub the app publishes through (counting publishes when metrics are on). */
  readonly pubsub: PubSub;
  /** The error path, telling each request's record of its problem (when requests are observed). */
  errors(responder: ErrorResponder): ErrorResponder;
  /** Counts the open WebSocket connections of `hub` (when metrics are on and the app has any). */
  sockets(hub: { readonly live: ReadonlySet<unknown> }, routes: number): void;
}

/** Settles, at startup, how an app's parts are observed. */
export function observeApp(settings: AppSettings): ObservedApp {
  const { observability } = settings;
  const metrics = observability?.metrics;
  const meter = observability?.meter;
  return {
    pubsub: metrics ? countedPubSub(settings.pubsub, metrics.published) : settings.pubsub,
    errors: (responder) => (observability ? observeErrors(responder) : responder),
    sockets: (hub, routes) => {
      if (meter !== undefined && routes > 0) observeConnections(meter, () => hub.live.size, {});
    },
  };
}
