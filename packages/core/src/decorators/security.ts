import { methodTarget } from "../metadata/decorator-target.js";
import { ownClassMetadata } from "../metadata/metadata-store.js";

/**
 * Declares that an operation needs a security scheme (with scopes). Several are alternatives;
 * a method's own requirements replace its class's. Documented, and enforced: `createApp`'s
 * `security` option gives each scheme its runtime check (a scheme without one is a startup error).
 *
 * @example
 * @Route("/admin")
 * @Security("bearer", ["admin"])
 * class AdminController extends Controller {}
 */
export function Security(
  scheme: string,
  scopes?: readonly string[],
): ClassDecorator & MethodDecorator {
  return ((target: object, key?: string | symbol) => {
    const requirement = { scheme, scopes: scopes ?? [] };
    if (key === undefined) {
      const metadata = ownClassMetadata(target as Function);
      metadata.security = [requirement, ...(metadata.security ?? [])];
      return;
    }
    methodTarget("@Security", target, key)?.security.unshift(requirement);
  }) as ClassDecorator & MethodDecorator;
}

/**
 * Marks an operation, or every operation of a controller, as public: no security requirement
 * applies (not the root `openapi.security`, not the class's `@Security`), and the document says so
 * with `security: []`. A method's own `@Security` still wins over its class's `@Public()`.
 *
 * @example
 * @Get("/health")
 * @Public()
 * health() {}
 */
export function Public(): ClassDecorator & MethodDecorator {
  return ((target: object, key?: string | symbol) => {
    if (key === undefined) {
      ownClassMetadata(target as Function).isPublic = true;
      return;
    }
    const metadata = methodTarget("@Public", target, key);
    if (metadata) metadata.isPublic = true;
  }) as ClassDecorator & MethodDecorator;
}
