import { HttpException } from "../errors/http-exception.js";
import type { Logger } from "../errors/logger.js";
import type { MessageOutcome, SocketObserver } from "../observability/app-observer.js";
import { isThenable } from "../pubsub/is-thenable.js";
import { pointerToken } from "../request/request-inputs.js";
import type { MaybeAsyncValidator, ValidationResult } from "../schema/schema-adapter.js";
import type { SchemaCompiler } from "../schema/schema-compiler.js";
import type { BunSocket, UpgradeServer } from "./bun-socket.js";
import { errorFrame, type MessageIssue } from "./error-frame.js";
import { parseMessage } from "./parse-message.js";
import type { SocketHub } from "./socket-hub.js";
import type { SocketRoute } from "./socket-route.js";
import { leaveTopics, type OutgoingCheck, WebSocketConnection } from "./websocket-connection.js";

/** What Bun's `ws.data` holds for a Trellis connection: made at the upgrade, before it opens. */
export interface ConnectionData {
  readonly session: SocketSession;
  /** The object the handlers run on (a per-connection controller object). */
  readonly state: object;
  /** The `@OnOpen` handler's arguments, bound and validated from the upgrade request. */
  readonly args: unknown[];
  /** The server that upgraded it (where a publish from it leaves it out). */
  readonly server?: UpgradeServer;
  /** The upgrade request's `lastEventId` query parameter: where `follow` resumes. */
  readonly lastEventId?: string;
  connection?: WebSocketConnection;
}

type Method = (this: object, ...args: unknown[]) => unknown;

interface MessageHandler {
  readonly method: Method;
  readonly name: string;
  readonly validate: MaybeAsyncValidator | undefined;
}

const toPointer = (path: readonly (string | number)[], prefix: string) =>
  prefix + path.map((token) => `/${pointerToken(token)}`).join("");

/**
 * The compiled runtime of one WebSocket route: what each event runs, decided at startup (the
 * handlers looked up, the message validators compiled, the envelope types in a map). Nothing
 * thrown by a handler reaches Bun: a message's failure is an error frame, an open's closes 1011.
 */
export class SocketSession {
  private readonly plain: MessageHandler | undefined;
  private readonly typed = new Map<string, MessageHandler>();
  private readonly typeList: string;
  private readonly onOpen: Method | undefined;
  private readonly onClose: Method | undefined;
  private readonly onDrain: Method | undefined;
  private readonly onBinary: Method | undefined;
  private readonly limit: number;
  private readonly where: string;

  constructor(
    readonly route: SocketRoute,
    compiler: SchemaCompiler,
    private readonly logger: Logger,
    private readonly check: OutgoingCheck | undefined,
    /** The largest message Bun lets through (`maxPayloadLength`): smaller route limits are ours. */
    globalLimit: number,
    private readonly hub: SocketHub,
    /** Set when the app traces requests: each message becomes a span. */
    private readonly observer?: SocketObserver,
  ) {
    const prototype = route.controller.prototype as Record<string, Method>;
    const method = (name: string | undefined) => (name === undefined ? undefined : prototype[name]);
    this.where = route.controller.name;
    for (const message of route.messages) {
      const handler: MessageHandler = {
        method: prototype[message.handlerName] as Method,
        name: `${this.where}.${message.handlerName}`,
        validate:
          message.schema === undefined
            ? undefined
            : compiler.compile(
                message.schema,
                "body",
                `${this.where}.${message.handlerName} (@OnMessage)`,
              ),
      };
      if (message.type === undefined) this.plain = handler;
      else this.typed.set(message.type, handler);
    }
    this.typeList = [...this.typed.keys()].map((type) => `"${type}"`).join(", ");
    this.onOpen = method(route.onOpen);
    this.onClose = method(route.onClose);
    this.onDrain = method(route.onDrain);
    this.onBinary = method(route.onBinary);
    this.limit = route.maxMessageBytes < globalLimit ? route.maxMessageBytes : Infinity;
  }

  open(socket: BunSocket<ConnectionData>): void {
    const data = socket.data;
    const connection = new WebSocketConnection(socket, this.check, this.hub);
    data.connection = connection;
    this.hub.live.add(socket);
    if (this.onOpen === undefined) return;
    data.args[0] = connection;
    this.run(socket, `${this.where}.${this.route.onOpen}`, this.onOpen, data.args, (error) => {
      this.logger.error(`WebSocket handler ${this.where}.${this.route.onOpen} failed:`, error);
      socket.close(1011, "Internal error");
    });
  }

  message(socket: BunSocket<ConnectionData>, raw: string | ArrayBufferView | ArrayBuffer): void {
    if (this.observer === undefined) this.receive(socket, raw);
    else this.observer.message(socket.data, () => this.receive(socket, raw));
  }

  /** Handles one message; says how it went (for its span, when traces are on). */
  private receive(
    socket: BunSocket<ConnectionData>,
    raw: string | ArrayBufferView | ArrayBuffer,
  ): MessageOutcome | Promise<MessageOutcome> {
    const data = socket.data;
    const connection = data.connection as WebSocketConnection;
    if (typeof raw !== "string") {
      if (this.onBinary === undefined) {
        socket.send(errorFrame(415, "This route takes JSON text messages only."));
        return 415;
      }
      const bytes =
        raw instanceof ArrayBuffer
          ? new Uint8Array(raw)
          : new Uint8Array(raw.buffer, raw.byteOffset, raw.byteLength);
      if (bytes.byteLength > this.limit) {
        socket.close(1009, "Message too big");
        return 413;
      }
      return this.run(socket, `${this.where}.${this.route.onBinary}`, this.onBinary, [
        connection,
        bytes,
      ]);
    }
    // UTF-8 takes at most 3 bytes per UTF-16 unit: most messages need no byte count.
    if (raw.length * 3 > this.limit && Buffer.byteLength(raw) > this.limit) {
      socket.close(1009, "Message too big");
      return 413;
    }
    const parsed = parseMessage(raw);
    if (!parsed.ok) {
      socket.send(errorFrame(400, parsed.detail));
      return 400;
    }
    let value = parsed.value;
    let handler = this.plain;
    let id: string | number | undefined;
    let prefix = "";
    if (this.typed.size > 0) {
      const envelope = value as { type?: unknown; data?: unknown; id?: unknown } | null;
      if (envelope === null || typeof envelope !== "object" || Array.isArray(envelope)) {
        socket.send(
          errorFrame(400, 'A message is an object { "type", "data" }.', [
            { in: "message", path: "", message: "must be an object" },
          ]),
        );
        return 400;
      }
      if (typeof envelope.id === "string" || typeof envelope.id === "number") id = envelope.id;
      handler = typeof envelope.type === "string" ? this.typed.get(envelope.type) : undefined;
      if (handler === undefined) {
        socket.send(
          errorFrame(
            400,
            "Message validation failed",
            [{ in: "message", path: "/type", message: `must be one of ${this.typeList}` }],
            id,
          ),
        );
        return 400;
      }
      value = envelope.data;
      prefix = "/data";
    }
    if (handler === undefined) {
      socket.send(errorFrame(400, "This route takes no messages."));
      return 400;
    }
    const target = handler;
    const proceed = (result: ValidationResult): MessageOutcome | Promise<MessageOutcome> => {
      if (!result.ok) {
        const errors: MessageIssue[] = result.issues.map((issue) => ({
          in: "message",
          path: toPointer(issue.path, prefix),
          message: issue.message,
        }));
        socket.send(errorFrame(400, "Message validation failed", errors, id));
        return 400;
      }
      return this.run(
        socket,
        target.name,
        target.method,
        [connection, result.value],
        undefined,
        id,
      );
    };
    if (target.validate === undefined) {
      return this.run(socket, target.name, target.method, [connection, value], undefined, id);
    }
    const outcome = target.validate(value);
    // A schema library that validates asynchronously: the handler runs once it has answered.
    if (outcome instanceof Promise) {
      return outcome.then(proceed, (error: unknown) => this.fail(socket, target.name, error, id));
    }
    return proceed(outcome);
  }

  close(socket: BunSocket<ConnectionData>, code: number, reason: string): void {
    this.hub.live.delete(socket);
    const connection = socket.data.connection;
    if (connection !== undefined) leaveTopics(connection);
    if (this.onClose === undefined || connection === undefined) return;
    this.run(
      socket,
      `${this.where}.${this.route.onClose}`,
      this.onClose,
      [connection, code, reason],
      (error) =>
        this.logger.error(`WebSocket handler ${this.where}.${this.route.onClose} failed:`, error),
    );
  }

  drain(socket: BunSocket<ConnectionData>): void {
    const connection = socket.data.connection;
    if (this.onDrain === undefined || connection === undefined) return;
    this.run(socket, `${this.where}.${this.route.onDrain}`, this.onDrain, [connection]);
  }

  /** Runs a handler; what it returns (or resolves to), if anything, is sent back as a reply. */
  private run(
    socket: BunSocket<ConnectionData>,
    name: string,
    method: Method,
    args: unknown[],
    onError?: (error: unknown) => void,
    id?: string | number,
  ): MessageOutcome | Promise<MessageOutcome> {
    const fail = (error: unknown): MessageOutcome => {
      if (onError === undefined) return this.fail(socket, name, error, id);
      onError(error);
      return undefined;
    };
    const reply = (value: unknown) => {
      if (value !== undefined && socket.readyState === 1) {
        (socket.data.connection as WebSocketConnection).send(value);
      }
    };
    try {
      const result = method.apply(socket.data.state, args);
      if (isThenable(result)) {
        return Promise.resolve(result).then((value) => {
          try {
            reply(value);
          } catch (error) {
            return fail(error);
          }
        }, fail);
      }
      reply(result);
    } catch (error) {
      return fail(error);
    }
  }

  /** An error frame for a failed message: an `HttpException` below 500 as it is, else a logged 500. */
  private fail(
    socket: BunSocket<ConnectionData>,
    name: string,
    error: unknown,
    id: string | number | undefined,
  ): MessageOutcome {
    const client = error instanceof HttpException && error.status >= 400 && error.status < 500;
    if (socket.readyState !== 1) return client ? error.status : { status: 500, error };
    if (client) {
      socket.send(errorFrame(error.status, error.detail ?? error.title, undefined, id));
      return error.status;
    }
    this.logger.error(`WebSocket handler ${name} failed:`, error);
    socket.send(errorFrame(500, "The message could not be handled.", undefined, id));
    return { status: 500, error };
  }
}
