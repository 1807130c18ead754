import { isStandardCall, standardCall } from "../metadata/decorator-mode.js";
import { ownClassMetadata } from "../metadata/metadata-store.js";
import { ownSocketMetadata, type SocketEvent } from "./websocket-metadata.js";

/** The options of `@WebSocketRoute`. */
export interface WebSocketRouteOptions {
  /**
   * The largest incoming message in bytes (default: the app's `limits.body`); a larger one closes
   * the connection with 1009.
   */
  readonly maxMessageBytes?: number;
  /** What the channel is for, in the AsyncAPI document. */
  readonly description?: string;
}

/**
 * Makes a class a WebSocket route: its upgrade request runs the HTTP pipeline (guards,
 * `@Security`, binding and validation of the `@OnOpen` handler's `@Param`, `@Query`, `@Header`,
 * `@Cookie`), and its `@OnOpen`, `@OnMessage`, `@OnClose` handlers serve the connection.
 *
 * @example
 * @WebSocketRoute("/ws/rooms/:room")
 * class ChatSocket {
 *   @OnMessage("say", SayMessage)
 *   say(connection: WebSocketConnection, message: SayMessage) {
 *     connection.publish("room", { type: "said", data: message });
 *   }
 * }
 */
export function WebSocketRoute(path: string, options?: WebSocketRouteOptions): ClassDecorator {
  return (target: Function, context?: unknown) => {
    if (isStandardCall(context)) return standardCall("@WebSocketRoute", context);
    const metadata = ownSocketMetadata(target);
    metadata.path = path;
    metadata.options = options;
    // Touch the HTTP store too, so class-level @Security and @UseGuards read like on controllers.
    ownClassMetadata(target);
  };
}

function handler(
  decorator: string,
  event: SocketEvent,
  type: unknown,
  schema: unknown,
  hasSchema: boolean,
): MethodDecorator {
  return (target: object, key: string | symbol) => {
    if (isStandardCall(key)) return standardCall(decorator, key);
    const owner = typeof target === "function" ? target : target.constructor;
    if (typeof target === "function") {
      ownClassMetadata(owner).misplaced.push(`${decorator} on static member ${String(key)}`);
      return;
    }
    ownSocketMetadata(owner).handlers.push({
      event,
      key,
      type,
      schema,
      hasSchema,
      summary: undefined,
    });
  };
}

/**
 * Runs when a connection opens, after the upgrade passed guards and validation. The first
 * argument is the connection; the others may bind the upgrade request (`@Param`, `@Query`,
 * `@Header`, `@Cookie`, `@Req`), validated before the upgrade exactly as on HTTP routes.
 *
 * @example
 * @OnOpen()
 * open(connection: WebSocketConnection<{ room: string }>, @Param("room") room: string) {
 *   connection.data.room = room;
 *   connection.subscribe(room);
 * }
 */
export function OnOpen(): MethodDecorator {
  return handler("@OnOpen", "open", undefined, undefined, false);
}

/**
 * Handles incoming JSON text messages. `@OnMessage(Schema)` takes every message of the route;
 * `@OnMessage("type", Schema)` takes the envelopes `{ "type": "type", "data": ... }` of one
 * type (a route uses one style). The handler gets the connection and the validated value (the
 * envelope's `data`); an invalid message is answered with an error frame.
 *
 * @example
 * @OnMessage("say", SayMessage)
 * say(connection: WebSocketConnection, message: SayMessage) {}
 */
export function OnMessage(schema?: unknown): MethodDecorator;
export function OnMessage(type: string, schema?: unknown): MethodDecorator;
export function OnMessage(...args: unknown[]): MethodDecorator {
  if (typeof args[0] === "string") {
    return handler("@OnMessage", "message", args[0], args[1], args.length > 1);
  }
  return handler("@OnMessage", "message", undefined, args[0], args.length > 0);
}

/**
 * Accepts binary messages: the handler gets the connection and the bytes (`Uint8Array`). Without
 * it, a binary message is answered with an error frame (415).
 *
 * @example
 * @OnBinary()
 * upload(connection: WebSocketConnection, bytes: Uint8Array) {}
 */
export function OnBinary(): MethodDecorator {
  return handler("@OnBinary", "binary", undefined, undefined, false);
}

/**
 * Runs when a connection closes, with the connection, the close code and the reason.
 *
 * @example
 * @OnClose()
 * close(connection: WebSocketConnection, code: number, reason: string) {}
 */
export function OnClose(): MethodDecorator {
  return handler("@OnClose", "close", undefined, undefined, false);
}

/**
 * Runs when a connection whose `send` returned -1 (backpressure) can take more data.
 *
 * @example
 * @OnDrain()
 * drain(connection: WebSocketConnection) { this.resume(connection); }
 */
export function OnDrain(): MethodDecorator {
  return handler("@OnDrain", "drain", undefined, undefined, false);
}

/**
 * Declares a message the server sends on this route: `@Sends(Schema)` for plain messages
 * (`connection.send(value)`), `@Sends("type", Schema)` for envelopes (`connection.emit("type",
 * data)`). Documented in the AsyncAPI document; validated with `validateResponse` on.
 *
 * @example
 * @WebSocketRoute("/ws/chat")
 * @Sends("said", SaidMessage)
 * class ChatSocket {}
 */
export function Sends(schema: unknown): ClassDecorator;
export function Sends(type: string, schema?: unknown): ClassDecorator;
export function Sends(...args: unknown[]): ClassDecorator {
  const typed = typeof args[0] === "string";
  const type = typed ? args[0] : undefined;
  const schema = typed ? args[1] : args[0];
  const hasSchema = typed ? args.length > 1 : args.length > 0;
  return (target: Function, context?: unknown) => {
    if (isStandardCall(context)) return standardCall("@Sends", context);
    // Decorators run bottom-up: unshift keeps the written order.
    ownSocketMetadata(target).sends.unshift({ type, schema, hasSchema, summary: undefined });
  };
}
