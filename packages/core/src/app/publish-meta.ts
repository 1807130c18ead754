import { getRequestId } from "../http/request-id.js";
import type { AppObserver } from "../observability/app-observer.js";
import { currentRequest } from "../pipeline/request-context.js";
import type { EventMeta } from "../pubsub/pubsub.js";

/**
 * What an event published now carries: the id of the request being served (known with
 * `createApp({ requestContext: true })`) and, when an observer traces it, its trace context.
 * Outside a request: nothing, and nothing is allocated.
 */
export function publishMeta(observer: AppObserver | undefined): () => EventMeta | undefined {
  const trace = observer?.eventTrace;
  return () => {
    const request = currentRequest();
    if (request === undefined) return undefined;
    const requestId = getRequestId(request);
    const context = trace?.(request);
    if (context === undefined) return requestId === undefined ? undefined : { requestId };
    return { ...(requestId === undefined ? {} : { requestId }), ...context };
  };
}
