import type { AsyncLocalStorage } from "node:async_hooks";
import { createRequire } from "node:module";
import { configError } from "../errors/core-config-error.js";
import type { Operation } from "../operation/operation.js";

/** The request being served, as `getRequestContext()` gives it anywhere down the call chain. */
export interface RequestContext {
  /** The request. */
  readonly request: Request;
  /** The matched operation; undefined in global middleware and for answers no route gives (404). */
  readonly operation: Operation | undefined;
}

// Created by the first app that enables it: apps without `requestContext` never touch it, nor
// load `node:async_hooks` (importing core stays cheaper).
let storage: AsyncLocalStorage<RequestContext> | undefined;

/** The storage apps with `requestContext: true` run their requests in. */
export function requestContextStorage(): AsyncLocalStorage<RequestContext> {
  if (storage === undefined) {
    const hooks: typeof import("node:async_hooks") = createRequire(import.meta.url)(
      "node:async_hooks",
    );
    storage = new hooks.AsyncLocalStorage<RequestContext>();
  }
  return storage;
}

/**
 * The request being served and its operation, from anywhere in its call chain (services,
 * repositories), without passing them down. Needs `createApp({ requestContext: true })`; throws
 * `TrellisConfigError` when no app enables it (`REQUEST_CONTEXT_DISABLED`) or when called outside
 * such an app's request (`NO_REQUEST_CONTEXT`).
 *
 * @example
 * class AuditLog {
 *   write(event: string) {
 *     const { request, operation } = getRequestContext();
 *     log(event, request.headers.get("x-request-id"), operation?.docs.operationId);
 *   }
 * }
 */
export function getRequestContext(): RequestContext {
  if (storage === undefined) {
    throw configError("REQUEST_CONTEXT_DISABLED", []);
  }
  const context = storage.getStore();
  if (context === undefined) {
    throw configError("NO_REQUEST_CONTEXT", []);
  }
  return context;
}

/** The request being served, when an app runs its requests in the storage; else undefined. */
export function currentRequest(): Request | undefined {
  return storage?.getStore()?.request;
}
