import { configError } from "../errors/core-config-error.js";
import type { MethodMetadata } from "../metadata/metadata-store.js";
import { readControllerMetadata } from "../metadata/read-controller-metadata.js";
import { type BindingContext, buildBindings } from "../operation/build-bindings.js";
import type { RouteRuntimeMetadata } from "../operation/build-operations.js";
import { checkOperations } from "../operation/check-operations.js";
import type { Operation } from "../operation/operation.js";
import { readSecurity } from "../operation/read-security.js";
import { isValidLimit } from "../operation/route-limits.js";
import { joinRoutePath } from "../operation/route-path.js";
import { invalidSocketRoute as invalid } from "./invalid-socket-route.js";
import { readMessages, readSends, stringOrUndefined } from "./read-socket-messages.js";
import type { SocketRoute } from "./socket-route.js";
import { type SocketHandlerMetadata, socketMetadataOf } from "./websocket-metadata.js";

/** What reading WebSocket classes needs besides the schema state. */
export interface SocketBuildContext extends BindingContext {
  /** The default `maxMessageBytes`: the app's `limits.body`. */
  readonly defaultMessageLimit: number;
}

/** A built route and its pipeline config, read by the same reader as HTTP routes'. */
export interface BuiltSocketRoute<R> {
  readonly route: SocketRoute;
  readonly runtime: R;
}

/** True for a class decorated with `@WebSocketRoute`. */
export function isSocketClass(value: unknown): boolean {
  return socketMetadataOf(value)?.path !== undefined;
}

const emptyMethod: MethodMetadata = {
  verbs: [],
  bindings: [],
  returns: [],
  tags: [],
  security: [],
  guards: [],
  interceptors: [],
  middleware: [],
  deprecated: false,
  hidden: false,
};

/** The name of the one handler of an event (open, close, ...), if any; two are a startup error. */
function single(
  handlers: readonly SocketHandlerMetadata[],
  event: SocketHandlerMetadata["event"],
  className: string,
): string | undefined {
  const found = handlers.filter((handler) => handler.event === event);
  if (found.length > 1) {
    throw invalid(
      className,
      `more than one @On${event[0]?.toUpperCase()}${event.slice(1)} handler.`,
    );
  }
  return found[0] === undefined ? undefined : String(found[0].key);
}

/**
 * Reads WebSocket classes once into routes: the upgrade operation (bound, guarded and checked
 * like an HTTP route), the message kinds with their JSON Schemas, and the handlers of the other
 * events. Everything that can be wrong is a startup error naming the class and method.
 */
export function buildSocketRoutes<R>(
  classes: readonly unknown[],
  context: SocketBuildContext,
  readRuntime: (raw: RouteRuntimeMetadata, where: string) => R,
): BuiltSocketRoute<R>[] {
  return classes.map((target) => {
    const controller = target as Operation["controller"];
    const socket = socketMetadataOf(controller);
    const className = controller.name || "(anonymous class)";
    if (socket === undefined) throw invalid(className, "is not a @WebSocketRoute class.");
    const metadata = readControllerMetadata(controller);
    const misplaced = metadata.misplaced[0];
    if (misplaced !== undefined) {
      throw configError("INVALID_DECORATOR_TARGET", [className, misplaced]);
    }
    const path = joinRoutePath(undefined, socket.path, `${className} (@WebSocketRoute)`);
    const options = (socket.options ?? {}) as { maxMessageBytes?: unknown; description?: unknown };
    const maxMessageBytes = options.maxMessageBytes ?? context.defaultMessageLimit;
    if (!isValidLimit(maxMessageBytes)) {
      throw configError("INVALID_LIMIT", [
        `${className} (@WebSocketRoute): maxMessageBytes`,
        String(maxMessageBytes),
        "a positive integer number of bytes",
      ]);
    }

    const handlers = socket.handlers;
    for (const handler of handlers) {
      if (
        typeof handler.key !== "string" ||
        typeof controller.prototype[handler.key] !== "function"
      ) {
        throw configError("INVALID_DECORATOR_TARGET", [
          `${className}.${String(handler.key)}`,
          "a WebSocket handler decorator is on a member that is not a method with a string name",
        ]);
      }
    }
    for (const [key, method] of metadata.methods) {
      if (method.verbs.length > 0) {
        throw invalid(
          `${className}.${String(key)}`,
          "a @WebSocketRoute class serves no HTTP verbs (@Get, ...); put them on a controller.",
        );
      }
    }
    const onOpen = single(handlers, "open", className);
    const onClose = single(handlers, "close", className);
    const onDrain = single(handlers, "drain", className);
    const onBinary = single(handlers, "binary", className);

    const messages = readMessages(context, handlers, metadata.methods, className);
    const envelope = messages.some((message) => message.type !== undefined);
    const sends = readSends(context, socket.sends, envelope, className);

    // The upgrade: the open handler's bindings; index 0 is the connection, never bound.
    const handlerName = onOpen ?? "upgrade";
    const where = `${className}.${handlerName}`;
    const method = (onOpen && metadata.methods.get(onOpen)) || emptyMethod;
    if (method.bindings.some((binding) => binding.index === 0)) {
      throw invalid(
        where,
        "parameter 0 is the connection; bind the upgrade request from parameter 1 on.",
      );
    }
    const reflected: unknown[] | undefined =
      onOpen === undefined
        ? []
        : Reflect.getMetadata("design:paramtypes", controller.prototype, onOpen);
    const declared = method.security.length > 0 ? method.security : (metadata.security ?? []);
    const security = readSecurity(declared, where);
    const guards = [...metadata.guards, ...method.guards];
    const upgrade: Operation = {
      controller,
      handlerName,
      method: "GET",
      path: path.path,
      shape: path.shape,
      openapiPath: path.openapiPath,
      pathParams: path.params,
      bindings: buildBindings(context, method.bindings, reflected, path.params, where),
      responses: [],
      docs: {
        summary: undefined,
        description: undefined,
        operationId: `${className}_upgrade`,
        operationIdExplicit: false,
        tags: [],
        controllerTag: { name: className, description: undefined },
        deprecated: false,
        hidden: true,
      },
      security,
      public: false, // not documented in OpenAPI (hidden): the AsyncAPI document describes it
      bodyLimit: context.defaultMessageLimit,
      timeout: undefined,
      produces: [],
      sse: undefined,
      guarded: guards.length > 0,
    };
    if (upgrade.bindings.some((binding) => binding.kind === "body")) {
      throw invalid(where, "an upgrade request has no body: @Body cannot bind it.");
    }
    checkOperations([upgrade], context.registry);
    const runtime = readRuntime(
      {
        guards,
        interceptors: [...metadata.interceptors, ...method.interceptors],
        middleware: [...metadata.middleware, ...method.middleware],
        validateResponse: method.validateResponse ?? metadata.validateResponse,
      },
      where,
    );
    const route: SocketRoute = {
      controller,
      upgrade,
      envelope,
      messages,
      sends,
      onOpen,
      onClose,
      onDrain,
      onBinary,
      maxMessageBytes: maxMessageBytes as number,
      description: stringOrUndefined(options.description),
    };
    return { route, runtime };
  });
}
