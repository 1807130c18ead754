import { mediaTypeSlot, type ResponseState } from "../controller/response-state.js";
import type { Logger } from "../errors/logger.js";
import { isJsonMediaType } from "../http/negotiate.js";
import type { Operation } from "../operation/operation.js";
import { PendingArgument } from "../request/argument-stages.js";
import type { SchemaRegistry } from "../schema/schema-registry.js";
import { declaredBodies } from "./declared-bodies.js";
import { eventStreamSerializer } from "./event-stream.js";
import {
  declaredSerializer,
  producedSerializer,
  type Serializer,
  serializeResult,
} from "./serialize-result.js";

/** The pipeline's response validation: the checked value, or a pending one. */
export type ResponseCheck = (state: ResponseState, value: unknown) => unknown;

/**
 * The route's serializer; an event stream's also validates each event's data, as it is sent.
 * With `declared` (the app's registry), a 2xx JSON body whose `@Returns` declares a schema is
 * reduced to what that schema declares; without it (`@SendUndeclared`), it is sent as it is.
 */
export function routeSerializer(
  operation: Operation,
  checkResponse: ResponseCheck | undefined,
  logger: Logger,
  streams: Set<() => void> | undefined,
  declared?: SchemaRegistry,
): Serializer {
  if (operation.sse !== undefined) {
    // Each event's data is checked against the 200 schema (an empty state means status 200).
    const eventState: ResponseState = {};
    const check = (data: unknown) => {
      const checked = (checkResponse as ResponseCheck)(eventState, data);
      return checked instanceof PendingArgument ? checked.settled : checked;
    };
    return eventStreamSerializer(operation.sse, {
      logger,
      where: `${operation.controller.name}.${operation.handlerName}`,
      ...(streams ? { streams } : {}),
      ...(checkResponse ? { check } : {}),
    });
  }
  const bodies = declared === undefined ? undefined : declaredBodies(operation, declared);
  if (operation.produces.length > 0) return producedSerializer(operation.produces, bodies);
  return bodies === undefined ? serializeResult : declaredSerializer(bodies);
}

/**
 * The response check of a route that is not an event stream: with `@Produces`, only JSON
 * representations are checked against the schema (text and bytes go as they are).
 */
export function responseCheck(
  operation: Operation,
  checkResponse: ResponseCheck | undefined,
): ResponseCheck | undefined {
  if (checkResponse === undefined || operation.produces.length === 0) return checkResponse;
  const fallback = operation.produces[0] as string;
  return (state, value) =>
    isJsonMediaType(state[mediaTypeSlot] ?? fallback) ? checkResponse(state, value) : value;
}
