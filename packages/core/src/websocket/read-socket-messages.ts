import type { MethodMetadata } from "../metadata/metadata-store.js";
import { adapterJsonSchema, type BindingContext } from "../operation/build-bindings.js";
import { invalidSocketRoute as invalid } from "./invalid-socket-route.js";
import type { SocketMessageSpec, SocketSendSpec } from "./socket-route.js";
import type { SocketHandlerMetadata } from "./websocket-metadata.js";

// A message type goes into a frame's `type` and into AsyncAPI names.
const typeName = /^[A-Za-z0-9_.-]+$/;

/** A string option, or undefined when absent or not a string. */
export function stringOrUndefined(value: unknown): string | undefined {
  return typeof value === "string" ? value : undefined;
}

/** The `@OnMessage` handlers of a class: each kind of incoming message, with its schema. */
export function readMessages(
  context: BindingContext,
  handlers: readonly SocketHandlerMetadata[],
  methods: ReadonlyMap<string | symbol, MethodMetadata>,
  className: string,
): SocketMessageSpec[] {
  const messages: SocketMessageSpec[] = [];
  for (const handler of handlers) {
    if (handler.event !== "message") continue;
    const where = `${className}.${String(handler.key)} (@OnMessage)`;
    const type = handler.type;
    if (type !== undefined && (typeof type !== "string" || !typeName.test(type))) {
      throw invalid(
        where,
        `message type ${JSON.stringify(type)} must be letters, digits, ".", "_" or "-".`,
      );
    }
    if (messages.some((message) => message.type === type)) {
      throw invalid(
        where,
        type === undefined
          ? "a route takes one @OnMessage without a type; use types to tell messages apart."
          : `message type "${type}" is handled twice.`,
      );
    }
    if (messages.length > 0 && (messages[0]?.type === undefined) !== (type === undefined)) {
      throw invalid(
        where,
        'a route\'s messages are either all typed (@OnMessage("type", ...)) or one plain @OnMessage.',
      );
    }
    const method = methods.get(handler.key);
    if (method !== undefined && method.bindings.length > 0) {
      throw invalid(
        where,
        "message handlers get (connection, message); binding decorators belong on @OnOpen.",
      );
    }
    const schema = handler.hasSchema ? handler.schema : undefined;
    messages.push({
      handlerName: String(handler.key),
      type: type as string | undefined,
      schema,
      jsonSchema: schema === undefined ? undefined : adapterJsonSchema(context, schema, where),
      summary: stringOrUndefined(method?.summary),
      description: stringOrUndefined(method?.description),
    });
  }
  return messages;
}

/** The `@Sends` declarations of a class: each kind of outgoing message, with its schema. */
export function readSends(
  context: BindingContext,
  declared: readonly { type: unknown; schema: unknown; hasSchema: boolean }[],
  envelope: boolean,
  className: string,
): SocketSendSpec[] {
  const sends: SocketSendSpec[] = [];
  for (const item of declared) {
    const where = `${className} (@Sends${item.type === undefined ? "" : ` "${String(item.type)}"`})`;
    const type = item.type;
    if (type !== undefined && (typeof type !== "string" || !typeName.test(type))) {
      throw invalid(
        where,
        `message type ${JSON.stringify(type)} must be letters, digits, ".", "_" or "-".`,
      );
    }
    if (type === "error") {
      throw invalid(where, 'the type "error" is reserved for error frames.');
    }
    if (sends.some((send) => send.type === type)) {
      throw invalid(where, "the same message is declared twice.");
    }
    if (envelope && type === undefined) {
      throw invalid(
        where,
        'a route with typed messages sends typed messages: @Sends("type", Schema).',
      );
    }
    const schema = item.hasSchema ? item.schema : undefined;
    sends.push({
      type: type as string | undefined,
      schema,
      jsonSchema: schema === undefined ? undefined : adapterJsonSchema(context, schema, where),
    });
  }
  return sends;
}
