// Loaded first: TypeScript's `design:paramtypes` on an @Injectable class needs Reflect.metadata.
import "reflect-metadata";
import { markInjectable, type ProviderScope } from "../di/injection-metadata.js";
import { isStandardCall, standardCall } from "../metadata/decorator-mode.js";

/** The options of `@Injectable`. */
export interface InjectableOptions {
  /**
   * `"request"`: one instance per request, made for the controllers and providers that need it
   * (they become per request too). `"singleton"`: one for the app, and an error at startup if it
   * depends on a request-scoped provider. Default: a singleton, unless it depends on a
   * request-scoped provider.
   */
  readonly scope?: ProviderScope;
}

/**
 * Marks a class whose constructor parameters are injected by their types (TypeScript emits those
 * types only for decorated classes). Controllers need no mark: `@Route` already is one.
 *
 * @example
 * @Injectable()
 * class AuthGuard implements CanActivate {
 *   constructor(private readonly sessions: SessionStore) {}
 *   canActivate(context: ExecutionContext) {
 *     return this.sessions.has(context.request.headers.get("authorization"));
 *   }
 * }
 *
 * @Injectable({ scope: "request" })
 * class CurrentUser {
 *   constructor(@Inject(REQUEST) readonly request: Request) {}
 * }
 */
export function Injectable(options: InjectableOptions = {}): ClassDecorator {
  return (target: Function, context?: unknown) => {
    if (isStandardCall(context)) return standardCall("@Injectable", context);
    // Recorded as given: createApp checks it and names the class.
    markInjectable(target, (options as InjectableOptions | undefined)?.scope);
  };
}
