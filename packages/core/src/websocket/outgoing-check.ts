import type { Logger } from "../errors/logger.js";
import type { ResponseValidationMode } from "../pipeline/response-validation.js";
import { pointerToken } from "../request/request-inputs.js";
import type { MaybeAsyncValidator } from "../schema/schema-adapter.js";
import type { SchemaCompiler } from "../schema/schema-compiler.js";
import type { SocketRoute } from "./socket-route.js";
import type { OutgoingCheck } from "./websocket-connection.js";

/** Thrown when an outgoing message breaks its `@Sends` schema (logged; the client sees a 500 frame). */
export class OutgoingMessageError extends Error {}

const isEnvelope = (value: unknown): value is { type: string; data?: unknown } =>
  value !== null &&
  typeof value === "object" &&
  typeof (value as { type?: unknown }).type === "string";

/**
 * Compiles a route's outgoing check, or undefined when nothing is checked (validation off, or no
 * `@Sends` has a schema). A plain message is checked against `@Sends(Schema)`; an envelope
 * against `@Sends(type, Schema)` of its type; an undeclared message is refused.
 */
export function compileOutgoingCheck(
  route: SocketRoute,
  mode: ResponseValidationMode,
  compiler: SchemaCompiler,
  logger: Logger,
): OutgoingCheck | undefined {
  if (mode === false || !route.sends.some((send) => send.schema !== undefined)) return undefined;
  const where = `${route.controller.name} (@Sends)`;
  const target = mode.strip ? "strip" : "keep";
  const compile = (schema: unknown): MaybeAsyncValidator | undefined =>
    schema === undefined ? undefined : compiler.compile(schema, "response", where, target);
  const plainSpec = route.sends.find((send) => send.type === undefined);
  const plain = plainSpec && { validate: compile(plainSpec.schema) };
  const typed = new Map<string, MaybeAsyncValidator | undefined>();
  for (const send of route.sends) {
    if (send.type !== undefined) typed.set(send.type, compile(send.schema));
  }

  const refuse = (what: string, issues?: unknown): never => {
    logger.error(
      `${where}: an outgoing message ${what}; it was not sent.`,
      ...(issues ? [issues] : []),
    );
    throw new OutgoingMessageError(`An outgoing message of ${route.controller.name} ${what}.`);
  };
  const checked = (
    validate: MaybeAsyncValidator | undefined,
    value: unknown,
    prefix: string,
  ): unknown => {
    if (validate === undefined) return value;
    const result = validate(value);
    // Sending is synchronous (Bun reports backpressure at once): it cannot wait for a verdict.
    if (result instanceof Promise)
      return refuse("has a @Sends schema that validates asynchronously");
    if (result.ok) return result.value;
    return refuse(
      "does not match its @Sends schema",
      result.issues.map((issue) => ({
        path: prefix + issue.path.map((token) => `/${pointerToken(token)}`).join(""),
        message: issue.message,
      })),
    );
  };

  return (message) => {
    if (isEnvelope(message) && typed.has(message.type)) {
      const data = checked(typed.get(message.type), message.data, "/data");
      return data === undefined ? { ...message } : { ...message, data };
    }
    if (plain !== undefined) return checked(plain.validate, message, "");
    return refuse(
      isEnvelope(message)
        ? `has the undeclared type "${message.type}"`
        : "is not declared by @Sends",
    );
  };
}
