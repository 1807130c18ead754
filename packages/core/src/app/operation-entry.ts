import type { RouteHandler } from "../http/route-handler.js";
import type { Operation } from "../operation/operation.js";
import type { RouterEntry } from "../router/build-router.js";

/** The router entry of one operation, served by `handler`. */
export function operationEntry(operation: Operation, handler: RouteHandler): RouterEntry {
  return {
    method: operation.method,
    path: operation.path,
    shape: operation.shape,
    handler,
    route: operation.openapiPath,
    ...(operation.timeout === undefined ? {} : { timeout: operation.timeout }),
  };
}
