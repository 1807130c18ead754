import type { CurrentValidators } from "./current-validators.js";
import {
  deadlineSlot,
  headersSlot,
  mediaTypeSlot,
  preconditionsSlot,
  type ResponseState,
  requestSlot,
  signalSlot,
  statusSlot,
} from "./response-state.js";

// The signal of a handler called outside a request: it never aborts.
const neverAborted = new AbortController().signal;

/** The request's own signal (the client went away, an MCP call was cancelled) and its deadline's. */
function handlerSignal(request: Request | undefined, deadline: AbortSignal | undefined) {
  if (request === undefined) return deadline ?? neverAborted;
  return deadline === undefined ? request.signal : AbortSignal.any([request.signal, deadline]);
}

/**
 * Base class of every controller. Controllers are constructed once at startup; each request runs
 * its handler on a fresh object that inherits from that instance, so what a handler writes to
 * `this` (its status, headers, fields) belongs to that request alone.
 *
 * @example
 * @Route("/users")
 * class UserController extends Controller {
 *   @Post()
 *   create(@Body(CreateUser) input: CreateUser) {
 *     this.setStatus(201);
 *     return users.add(input);
 *   }
 * }
 */
export abstract class Controller {
  /** Sets this request's response status (default 200; 204 when the handler returns nothing). */
  protected setStatus(code: number): void {
    (this as ResponseState)[statusSlot] = code;
  }

  /**
   * Aborted when nobody waits for this request's answer any more: the client disconnects (any
   * route, `@Sse` ones included), the MCP call it serves is cancelled (the client closes the
   * call's stream, or sends `notifications/cancelled`), or its `@Timeout` (or `limits.timeout`)
   * passes. Hand it to the work the handler starts (`fetch(url, { signal: this.signal })`) so it
   * stops then. Made on first read: a handler that never reads it pays nothing for it.
   */
  protected get signal(): AbortSignal {
    const state = this as ResponseState;
    const made = state[signalSlot];
    if (made !== undefined) return made;
    const request = state[requestSlot];
    const signal = handlerSignal(request, state[deadlineSlot]);
    // Kept on the request's own view only, never on the shared instance.
    if (request !== undefined) state[signalSlot] = signal;
    return signal;
  }

  /**
   * The media type this request's response is sent as: of the route's `@Produces` types, the one
   * the request's `Accept` prefers (undefined on a route without `@Produces`).
   */
  protected get responseType(): string | undefined {
    return (this as ResponseState)[mediaTypeSlot];
  }

  /** Sets a response header of this request (replaces an earlier value of the same name). */
  protected setHeader(name: string, value: string): void {
    const state = this as ResponseState;
    // Copy on first write so headers set on the shared instance never change under other requests.
    if (!Object.hasOwn(state, headersSlot)) state[headersSlot] = new Headers(state[headersSlot]);
    state[headersSlot]?.set(name, value);
  }

  /**
   * On a `@Conditional` route (`@trellis/conditional`), before changing anything: evaluates this
   * request's `If-Match`, `If-Unmodified-Since` and `If-None-Match` against the resource's current
   * validators (undefined when it does not exist) in RFC 9110's order, and throws the 412 problem
   * when they fail. Without those headers it does nothing. The evaluation is the feature's: its
   * `handler.enter` puts it on `this` (`preconditionsSlot`) for each request of its routes.
   *
   * @example
   * const user = await this.users.findById(id);
   * if (!user) throw new NotFoundException();
   * this.checkPreconditions({ etag: entityTag(user.version) });
   */
  protected checkPreconditions(current: CurrentValidators | undefined): void {
    const check = (this as ResponseState)[preconditionsSlot];
    if (check === undefined) {
      throw new Error(
        "checkPreconditions() needs @Conditional (from @trellis/conditional) on the route or its class.",
      );
    }
    check(current);
  }
}
