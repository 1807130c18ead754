import {
  headersSlot,
  mediaTypeSlot,
  type ResponseState,
  statusSlot,
} from "../controller/response-state.js";
import { isJsonMediaType } from "../http/negotiate.js";
import type { DeclaredBodies } from "./declared-bodies.js";
import { isRawBody, textContentType } from "./raw-body.js";

// Statuses whose responses never carry a body.
const nullBodyStatuses = new Set([204, 205, 304]);

/** Stage "serialize" of one route: the handler's value (and what it set) as a `Response`. */
export type Serializer = (state: ResponseState, value: unknown) => Response;

function checkedStatus(status: number | undefined): number {
  const code = status ?? 200;
  if (!Number.isInteger(code) || code < 200 || code > 599) {
    throw new RangeError(`The handler set an invalid response status: ${String(code)}`);
  }
  return code;
}

/**
 * A body sent as it is. The Content-Type the handler set wins, then the given media type, then
 * the Blob's own type; bytes of no known type are `application/octet-stream`.
 */
function rawResponse(
  value: string | ArrayBufferView | ArrayBuffer | Blob | ReadableStream,
  status: number,
  headers: Headers | undefined,
  mediaType: string | undefined,
): Response {
  const init = new Headers(headers);
  if (!init.has("content-type")) {
    if (typeof value === "string")
      init.set("content-type", textContentType(mediaType ?? "text/plain"));
    else if (mediaType !== undefined) init.set("content-type", mediaType);
    else if (!(value instanceof Blob && value.type !== "")) {
      init.set("content-type", "application/octet-stream");
    }
  }
  return new Response(value as ConstructorParameters<typeof Response>[0], {
    status,
    headers: init,
  });
}

// What of a JSON body is sent: with declared bodies, only what the status's schema declares.
function declared(bodies: DeclaredBodies | undefined, status: number, value: unknown): unknown {
  const project = bodies?.byStatus.get(status);
  return project === undefined ? value : project(value);
}

/**
 * Stage "serialize" of a route without `@Produces`: a returned `Response` passes through; bytes,
 * a Blob or a stream are sent as they are; a string under a non-JSON Content-Type the handler set
 * is sent as text; anything else is JSON with the status and headers the handler set (200 by
 * default; `undefined` with 200 is 204), reduced to what its `@Returns` schema declares when
 * `bodies` holds the status. Throws for a status the handler set that is not an integer from 200
 * to 599, or a value JSON cannot represent.
 */
export function serializeResult(
  state: ResponseState,
  value: unknown,
  bodies?: DeclaredBodies,
): Response {
  if (value instanceof Response) return value;
  const status = state[statusSlot];
  const headers = state[headersSlot];
  if (status === undefined && headers === undefined) {
    if (value === undefined) return new Response(null, { status: 204 });
    if (isRawBody(value)) return rawResponse(value, 200, undefined, undefined);
    const ok = bodies?.ok;
    return Response.json(ok === undefined ? value : ok(value));
  }
  const code = checkedStatus(status);
  if (value === undefined || nullBodyStatuses.has(code)) {
    return new Response(null, {
      status: value === undefined && code === 200 ? 204 : code,
      headers,
    });
  }
  if (isRawBody(value)) return rawResponse(value, code, headers, undefined);
  if (typeof value === "string") {
    const type = headers?.get("content-type");
    if (type != null && !isJsonMediaType(type)) return rawResponse(value, code, headers, undefined);
  }
  const body = declared(bodies, code, value);
  return Response.json(body, headers === undefined ? { status: code } : { status: code, headers });
}

/** `serializeResult` with the route's declared bodies. */
export function declaredSerializer(bodies: DeclaredBodies): Serializer {
  return (state, value) => serializeResult(state, value, bodies);
}

/**
 * Stage "serialize" of a route with `@Produces`: like `serializeResult`, but a string or bytes go
 * out under the negotiated media type, a value is JSON (reduced to what is declared, as there),
 * and with several produced types the response varies by `Accept` (said so to caches).
 */
export function producedSerializer(
  produces: readonly string[],
  bodies: DeclaredBodies | undefined,
): Serializer {
  const fallback = produces[0] as string;
  const negotiated = produces.length > 1;
  return (state, value) => {
    if (value instanceof Response) return value;
    const code = checkedStatus(state[statusSlot]);
    const mediaType = state[mediaTypeSlot] ?? fallback;
    const headers = new Headers(state[headersSlot]);
    if (negotiated) headers.append("vary", "accept");
    if (value === undefined || nullBodyStatuses.has(code)) {
      return new Response(null, {
        status: value === undefined && code === 200 ? 204 : code,
        headers,
      });
    }
    const json = isJsonMediaType(mediaType);
    if (isRawBody(value) || (typeof value === "string" && !json)) {
      return rawResponse(value, code, headers, mediaType);
    }
    if (!headers.has("content-type")) {
      headers.set("content-type", json ? mediaType : "application/json");
    }
    // Whatever is written as JSON carries only what is declared.
    return Response.json(declared(bodies, code, value), { status: code, headers });
  };
}
