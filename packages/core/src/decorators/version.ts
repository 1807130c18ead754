import { methodTarget } from "../metadata/decorator-target.js";
import { recordClassVersion, recordMethodVersion } from "../operation/version-policy.js";

/**
 * The API version of a controller's routes or of one route (the method's wins). With the URI
 * strategy (default) `@Version("2")` serves the route under `/v2`; with `versioning: { strategy:
 * "header" }` the `api-version` header picks it. Routes without `@Version` serve every version.
 *
 * @example
 * @Route("/users")
 * @Version("2")
 * class UserV2Controller extends Controller {}
 */
export function Version(version: string): ClassDecorator & MethodDecorator {
  return ((target: object, key?: string | symbol) => {
    if (key === undefined) {
      recordClassVersion(target as Function, version);
      return;
    }
    const metadata = methodTarget("@Version", target, key);
    if (metadata) recordMethodVersion(metadata, version);
  }) as ClassDecorator & MethodDecorator;
}
