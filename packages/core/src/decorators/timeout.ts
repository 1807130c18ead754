import { methodTarget } from "../metadata/decorator-target.js";
import { ownClassMetadata } from "../metadata/metadata-store.js";

/**
 * The longest a route may take, in milliseconds, from the moment it starts (guards, body reading
 * and handler): past it the request is answered 503 problem+json and the handler's `this.signal`
 * is aborted, so the work it started can stop. On a class it applies to every route of the class;
 * a method's own timeout wins over the class's, and both over `limits.timeout`. A whole number
 * from 1 to 2^31 - 1 (the longest a timer can wait); anything else is `INVALID_DURATION` at startup.
 *
 * @example
 * @Get("/report")
 * @Timeout(5_000)
 * async report() {
 *   return await reports.build({ signal: this.signal });
 * }
 */
export function Timeout(milliseconds: number): ClassDecorator & MethodDecorator {
  return ((target: object, key?: string | symbol) => {
    if (key === undefined) {
      ownClassMetadata(target as Function).timeout = milliseconds;
      return;
    }
    const metadata = methodTarget("@Timeout", target, key);
    if (metadata) metadata.timeout = milliseconds;
  }) as ClassDecorator & MethodDecorator;
}
