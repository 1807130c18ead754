import { isStandardCall, standardCall } from "../metadata/decorator-mode.js";
import { ownClassMetadata } from "../metadata/metadata-store.js";

/**
 * Sets the path prefix of every route of a controller class (joined with each verb's path).
 *
 * @example
 * @Route("/users")
 * class UserController extends Controller {}
 */
export function Route(prefix: string): ClassDecorator {
  return (target: Function, context?: unknown) => {
    if (isStandardCall(context)) return standardCall("@Route", context);
    ownClassMetadata(target).prefix = prefix;
  };
}
