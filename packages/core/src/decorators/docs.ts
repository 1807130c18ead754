import { methodTarget } from "../metadata/decorator-target.js";
import { ownClassMetadata } from "../metadata/metadata-store.js";
import {
  type DeprecatedOptions,
  recordClassDeprecation,
  recordMethodDeprecation,
} from "../operation/deprecation-policy.js";

/**
 * A short one-line title of the operation in the OpenAPI document.
 *
 * @example
 * @Get()
 * @Summary("List users")
 * list() {}
 */
export function Summary(text: string): MethodDecorator {
  return (target, key) => {
    const metadata = methodTarget("@Summary", target, key);
    if (metadata) metadata.summary = text;
  };
}

/**
 * A longer explanation of the operation in the OpenAPI document. On a controller class, the
 * description of the tag its operations are grouped under (unless `openapi.tags` describes it).
 *
 * @example
 * @Get()
 * @Description("Users are sorted by name.")
 * list() {}
 */
export function Description(text: string): ClassDecorator & MethodDecorator {
  return ((target: object, key?: string | symbol) => {
    if (key === undefined) {
      ownClassMetadata(target as Function).description = text;
      return;
    }
    const metadata = methodTarget("@Description", target, key);
    if (metadata) metadata.description = text;
  }) as ClassDecorator & MethodDecorator;
}

/**
 * A stable operationId for client generators (default: the method name followed by the
 * controller's name without its `Controller` suffix, e.g. `listOrders`, `getOrder`).
 *
 * @example
 * @Get()
 * @OperationId("listUsers")
 * list() {}
 */
export function OperationId(id: string): MethodDecorator {
  return (target, key) => {
    const metadata = methodTarget("@OperationId", target, key);
    if (metadata) metadata.operationId = id;
  };
}

/**
 * Groups operations in the documentation UI. On a class it applies to all of its operations.
 *
 * @example
 * @Route("/users")
 * @Tags("users")
 * class UserController extends Controller {}
 */
export function Tags(...names: string[]): ClassDecorator & MethodDecorator {
  return ((target: object, key?: string | symbol) => {
    if (key === undefined) {
      const metadata = ownClassMetadata(target as Function);
      metadata.tags = [...names, ...(metadata.tags ?? [])];
      return;
    }
    methodTarget("@Tags", target, key)?.tags.unshift(...names);
  }) as ClassDecorator & MethodDecorator;
}

/**
 * Marks the operation (on a class: each of its operations; the method's wins) deprecated: it is
 * still served, with a `Deprecation` header (RFC 9745), a `Sunset` header (RFC 8594) when
 * `sunset` is given, and `Link`s to `link` / `sunsetLink`; the document says `deprecated: true`
 * and describes those headers. `@Deprecated(false)` on a method undoes its class's.
 *
 * @example
 * @Get("/legacy")
 * @Deprecated({ since: "2026-01-01", sunset: "2026-12-31", link: "https://example.com/migrate" })
 * legacy() {}
 */
export function Deprecated(
  options?: DeprecatedOptions | boolean,
): ClassDecorator & MethodDecorator {
  const value = options ?? true;
  return ((target: object, key?: string | symbol) => {
    if (key === undefined) {
      recordClassDeprecation(target as Function, value);
      return;
    }
    const metadata = methodTarget("@Deprecated", target, key);
    if (!metadata) return;
    metadata.deprecated = value !== false;
    recordMethodDeprecation(metadata, value);
  }) as ClassDecorator & MethodDecorator;
}

/**
 * Leaves the operation out of the OpenAPI document entirely (it is still served).
 *
 * @example
 * @Get("/internal")
 * @Hidden()
 * internal() {}
 */
export function Hidden(): MethodDecorator {
  return (target, key) => {
    const metadata = methodTarget("@Hidden", target, key);
    if (metadata) metadata.hidden = true;
  };
}
