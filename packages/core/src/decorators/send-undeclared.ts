import { methodTarget } from "../metadata/decorator-target.js";
import { ownClassMetadata } from "../metadata/metadata-store.js";

/**
 * Sends what the handler returns whole, undeclared properties included. By default a 2xx JSON
 * body whose `@Returns` declares a schema carries only what the schema declares (nested objects
 * and array items too), so a stored row's `passwordHash` never leaves. On a class it covers every
 * route of the class; `@SendUndeclared(false)` on a method restores the default under a class's
 * (or the app's `sendUndeclared: true`). The method's setting wins over the class's, which wins
 * over the app's.
 *
 * @example
 * @Get("/:id/raw")
 * @Returns(200, User)
 * @SendUndeclared()
 * raw(@Param("id") id: string) {}
 */
export function SendUndeclared(on = true): ClassDecorator & MethodDecorator {
  return ((target: object, key?: string | symbol) => {
    const value = on !== false;
    if (key === undefined) {
      ownClassMetadata(target as Function).sendUndeclared = value;
      return;
    }
    const metadata = methodTarget("@SendUndeclared", target, key);
    if (metadata) metadata.sendUndeclared = value;
  }) as ClassDecorator & MethodDecorator;
}
