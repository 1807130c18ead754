import { methodTarget } from "../metadata/decorator-target.js";
import { ownClassMetadata } from "../metadata/metadata-store.js";

/**
 * The largest request body (in bytes) a route accepts; larger bodies get 413 without being read.
 * On a class it applies to every route of the class; a method's own limit wins.
 *
 * @example
 * @Post("/avatar")
 * @BodyLimit(5 * 1024 * 1024)
 * upload(@Body(Avatar, { contentType: "multipart/form-data" }) avatar: Avatar) {}
 */
export function BodyLimit(bytes: number): ClassDecorator & MethodDecorator {
  return ((target: object, key?: string | symbol) => {
    if (key === undefined) {
      ownClassMetadata(target as Function).bodyLimit = bytes;
      return;
    }
    const metadata = methodTarget("@BodyLimit", target, key);
    if (metadata) metadata.bodyLimit = bytes;
  }) as ClassDecorator & MethodDecorator;
}
