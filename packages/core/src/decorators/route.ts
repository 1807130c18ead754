import { ownClassMetadata } from "../metadata/metadata-store.js";

/**
 * Sets the path prefix of every route of a controller class (joined with each verb's path).
 *
 * @example
 * @Route("/users")
 * class UserController extends Controller {}
 */
export function Route(prefix: string): ClassDecorator {
  return (target) => {
    ownClassMetadata(target).prefix = prefix;
  };
}
