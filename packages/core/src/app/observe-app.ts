import type { ErrorObserver } from "../observability/app-observer.js";
import type { ErrorResponder } from "../pipeline/error-responder.js";
import type { PubSub } from "../pubsub/pubsub.js";
import type { AppSettings } from "./app-settings.js";

/** What observing an app changes in its parts; each is the part itself when nothing observes. */
export interface ObservedApp {
  /** The pub/sub the app publishes through (wrapped by the observer, when it wraps one). */
  readonly pubsub: PubSub;
  /** The error path, telling the observer of each error answer first (when it listens). */
  errors(responder: ErrorResponder): ErrorResponder;
  /** Lets the observer count the open WebSocket connections of `hub` (when the app has any). */
  sockets(hub: { readonly live: ReadonlySet<unknown> }, routes: number): void;
}

/** The app's error path, telling `observer` of each error answer before it is made. */
function observeErrors(responder: ErrorResponder, observer: ErrorObserver): ErrorResponder {
  const observed = (
    error: unknown,
    request: Request,
    operation?: Parameters<ErrorResponder>[2],
  ) => {
    try {
      observer.thrown(error, request);
    } catch {
      // An observer's failure must not break the error path.
    }
    return responder(error, request, operation);
  };
  const invalid: ErrorResponder["invalid"] = (issues, request, operation) => {
    try {
      observer.invalid(request);
    } catch {
      // As above.
    }
    return responder.invalid(issues, request, operation);
  };
  return Object.assign(observed, { invalid });
}

/** Settles, at startup, how an app's parts are observed. */
export function observeApp(settings: AppSettings): ObservedApp {
  const { observability } = settings;
  const errors = observability?.errors;
  const sockets = observability?.sockets;
  return {
    pubsub: observability?.pubsub ? observability.pubsub(settings.pubsub) : settings.pubsub,
    errors: (responder) => (errors ? observeErrors(responder, errors) : responder),
    sockets: (hub, routes) => {
      if (routes > 0) sockets?.connections?.(() => hub.live.size);
    },
  };
}
