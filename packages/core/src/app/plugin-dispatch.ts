import { inheritConnection } from "../http/client-address.js";
import type { ServeHandler } from "../http/route-handler.js";
import { teeRequestLog } from "../observability/request-logger.js";
import type { Operation } from "../operation/operation.js";
import type { AppPluginContext } from "../plugin/app-plugin.js";
import type { RouterEntry } from "../router/build-router.js";

/** What a plugin's request is answered by, once the app is built. */
export interface DispatchTarget {
  /** The app's own `fetch`: matches the URL against every route. */
  readonly fetch: (request: Request) => Response | Promise<Response>;
  /** One entry served without matching: what wraps every answer, then it. */
  direct(entry: RouterEntry): ServeHandler;
}

/**
 * `context.dispatch` of the app plugins. A request for one operation runs that operation's own
 * entry (before API versions share one), never another route its URL would match.
 */
export function pluginDispatch(
  entryOf: ReadonlyMap<Operation, RouterEntry>,
  target: () => DispatchTarget,
): AppPluginContext["dispatch"] {
  return async (request, { from, operation, log } = {}) => {
    if (from !== undefined) inheritConnection(request, from);
    if (log !== undefined) teeRequestLog(request, log);
    if (operation === undefined) return await target().fetch(request);
    const entry = entryOf.get(operation);
    if (entry === undefined) throw new Error(`${operation.handlerName} is not a route of the app`);
    return await target().direct(entry)(request);
  };
}
