// Loaded first: TypeScript's `design:paramtypes` on an @Injectable class needs Reflect.metadata.
import "reflect-metadata";
import { markInjectable } from "../di/injection-metadata.js";

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
  return (target) => {
    markInjectable(target);
  };
}
