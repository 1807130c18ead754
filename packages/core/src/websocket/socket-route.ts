import type { Operation } from "../operation/operation.js";
import type { JsonSchema } from "../schema/json-schema.js";

/** One incoming message kind of a WebSocket route. */
export interface SocketMessageSpec {
  /** The handler's method name. */
  readonly handlerName: string;
  /** The envelope type; undefined on a route of plain messages. */
  readonly type: string | undefined;
  /** The adapter schema of the message (of the envelope's `data`); undefined: any JSON. */
  readonly schema: unknown;
  readonly jsonSchema: JsonSchema | undefined;
  readonly summary: string | undefined;
  readonly description: string | undefined;
}

/** One outgoing message kind (`@Sends`). */
export interface SocketSendSpec {
  readonly type: string | undefined;
  readonly schema: unknown;
  readonly jsonSchema: JsonSchema | undefined;
}

/**
 * One WebSocket route, read once from its class's decorators: the model both the WebSocket
 * runtime and the AsyncAPI generator consume (as `Operation` is for HTTP routes).
 */
export interface SocketRoute {
  readonly controller: Operation["controller"];
  /**
   * The upgrade request as an HTTP operation (GET on the route's path): its bindings are the
   * `@OnOpen` handler's, its guards and security the class's and that handler's. Never documented
   * in OpenAPI.
   */
  readonly upgrade: Operation;
  /** True when messages are `{ type, data }` envelopes (`@OnMessage("type", ...)`). */
  readonly envelope: boolean;
  readonly messages: readonly SocketMessageSpec[];
  readonly sends: readonly SocketSendSpec[];
  /** Handler method names of the other events, when declared. */
  readonly onOpen: string | undefined;
  readonly onClose: string | undefined;
  readonly onDrain: string | undefined;
  readonly onBinary: string | undefined;
  /** The largest incoming message in bytes. */
  readonly maxMessageBytes: number;
  readonly description: string | undefined;
}
