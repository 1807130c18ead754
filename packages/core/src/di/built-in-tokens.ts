/**
 * The token of the current `Request`, for request-scoped providers:
 * `constructor(@Inject(REQUEST) request: Request)`. Injecting it makes the consumer request-scoped.
 */
export const REQUEST: unique symbol = Symbol("trellis.request");

/** Where an app is in its life: answers readiness checks. */
export type AppStatus = "starting" | "ready" | "closing" | "closed" | "failed";

const setStatus: unique symbol = Symbol("trellis.setStatus");

/**
 * The app's lifecycle status, injectable into any provider or controller (a readiness route reads
 * it): `"starting"` until async providers and `onInit` hooks finish, `"ready"`, then `"closing"`
 * as soon as `app.close()` begins (so a load balancer's health check fails while in-flight
 * requests finish), `"closed"`; `"failed"` when startup failed.
 *
 * @example
 * @Route("/health")
 * class HealthController extends Controller {
 *   constructor(private readonly state: AppState) { super(); }
 *   @Get("/ready")
 *   ready() {
 *     if (!this.state.isReady) throw new HttpException(503, "Not ready");
 *     return { status: "ok" };
 *   }
 * }
 */
export class AppState {
  #status: AppStatus = "starting";

  /** The current status. */
  get status(): AppStatus {
    return this.#status;
  }

  /** True while the app should receive traffic: started and not closing. */
  get isReady(): boolean {
    return this.#status === "ready";
  }

  /** Moves the app to `status`; the app's own lifecycle calls it. */
  [setStatus](status: AppStatus): void {
    this.#status = status;
  }
}

/** Sets an app's status (core only: users read `AppState`, never write it). */
export function moveAppState(state: AppState, status: AppStatus): void {
  state[setStatus](status);
}
