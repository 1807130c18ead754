import { mediaTypeSlot, type ResponseState } from "../controller/response-state.js";
import type { Logger } from "../errors/logger.js";
import { isJsonMediaType } from "../http/negotiate.js";
import type { Operation } from "../operation/operation.js";
import { PendingArgument } from "../request/argument-stages.js";
import { eventStreamSerializer } from "./event-stream.js";
import { producedSerializer, type Serializer, serializeResult } from "./serialize-result.js";

/** The pipeline's response validation: the checked value, or a pending one. */
export type ResponseCheck = (state: ResponseState, value: unknown) => unknown;

/** The route's serializer; an event stream's also validates each event's data, as it is sent. */
export function routeSerializer(
  operation: Operation,
  checkResponse: ResponseCheck | undefined,
  logger: Logger,
  streams: Set<() => void> | undefined,
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
  return operation.produces.length === 0 ? serializeResult : producedSerializer(operation.produces);
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
