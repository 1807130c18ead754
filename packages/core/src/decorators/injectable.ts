// Loaded first: TypeScript's `design:paramtypes` on an @Injectable class needs Reflect.metadata.
import "reflect-metadata";
import { markInjectable } from "../di/injection-metadata.js";
import { isStandardCall, standardCall } from "../metadata/decorator-mode.js";

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
 */
export function Injectable(): ClassDecorator {
  return (target: Function, context?: unknown) => {
    if (isStandardCall(context)) return standardCall("@Injectable", context);
    markInjectable(target);
  };
}
