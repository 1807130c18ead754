import { headersSlot, type ResponseState, statusSlot } from "../controller/response-state.js";
import { HttpException } from "../errors/http-exception.js";
import type { Logger } from "../errors/logger.js";
import type { SseSettings } from "../operation/operation.js";
import { streamRetry } from "../pubsub/follow-topic.js";
import type { Serializer } from "./serialize-result.js";

/** One Server-Sent Event as a handler may yield it (any other value is the `data` alone). */
export interface SseEvent<T = unknown> {
  /** The payload: a string is sent as it is, anything else as JSON. */
  readonly data: T;
  /** The event type (`addEventListener(type, ...)` in browsers); no line breaks. */
  readonly event?: string;
  /** The event id, sent back by reconnecting clients as `Last-Event-ID`; no line breaks. */
  readonly id?: string | number;
  /** Milliseconds the client waits before reconnecting. */
  readonly retry?: number;
}

const envelopeKeys = new Set(["data", "event", "id", "retry"]);
const encoder = new TextEncoder();
const lineBreak = /\r\n|\r|\n/;
const keepAliveComment = encoder.encode(": keep-alive\n\n");
// Sent first: the runtime sends the status and headers with the first bytes of the body, so a
// client learns at once that its stream is open (EventSource's "open"), before any event.
const openComment = encoder.encode(": open\n\n");

/** A plain object with `data` and only event fields: an event, not a payload. */
function isEnvelope(value: unknown): value is SseEvent {
  if (value === null || typeof value !== "object") return false;
  const prototype = Object.getPrototypeOf(value);
  if (prototype !== Object.prototype && prototype !== null) return false;
  if (!Object.hasOwn(value, "data")) return false;
  for (const key of Object.keys(value)) if (!envelopeKeys.has(key)) return false;
  return true;
}

function fieldText(name: "event" | "id", value: unknown): string {
  const text = typeof value === "number" && name === "id" ? String(value) : value;
  if (typeof text !== "string" || lineBreak.test(text) || text.includes("\0")) {
    throw new TypeError(`an SSE ${name} must be a string without line breaks`);
  }
  return text;
}

/** A yielded value as an event: itself when it is one, else the data of an event. */
function toEvent(value: unknown): SseEvent {
  return isEnvelope(value) ? value : { data: value };
}

/**
 * The wire form of one event (HTML Living Standard, "Server-sent events"): its fields, then one
 * `data:` line per line of the payload, then a blank line.
 */
function formatEvent(event: SseEvent): string {
  let text = "";
  if (event.event !== undefined) text += `event: ${fieldText("event", event.event)}\n`;
  if (event.id !== undefined) text += `id: ${fieldText("id", event.id)}\n`;
  if (event.retry !== undefined) {
    if (!Number.isSafeInteger(event.retry) || event.retry < 0) {
      throw new TypeError("an SSE retry must be a whole number of milliseconds");
    }
    text += `retry: ${event.retry}\n`;
  }
  const data = event.data;
  const payload = typeof data === "string" ? data : JSON.stringify(data);
  if (payload === undefined) throw new TypeError("an SSE event's data must be a JSON value");
  for (const line of payload.split(lineBreak)) text += `data: ${line}\n`;
  return `${text}\n`;
}

/** The wire form of one yielded value: an event, or a value sent as an event's data. */
export function frameEvent(value: unknown): string {
  return formatEvent(toEvent(value));
}

type Source = AsyncIterator<unknown> | Iterator<unknown>;

function iteratorOf(value: unknown): Source | undefined {
  if (value === null || typeof value !== "object" || typeof value === "string") return undefined;
  const asyncIterator = (value as AsyncIterable<unknown>)[Symbol.asyncIterator];
  if (typeof asyncIterator === "function") return asyncIterator.call(value);
  const iterator = (value as Iterable<unknown>)[Symbol.iterator];
  if (typeof iterator === "function") return iterator.call(value);
  return undefined;
}

/** What streaming one route's events needs besides its settings. */
export interface EventStreamContext {
  readonly logger: Logger;
  /** Names the route in log lines. */
  readonly where: string;
  /** Validates (and may strip) one event's data, when response validation is on. */
  readonly check?: (data: unknown) => unknown;
  /** Open streams register here how to end them, for `app.close`. */
  readonly streams?: Set<() => void>;
}

/**
 * The event stream of one `@Sse` route's result, opened by a comment. The iterator is pulled only when the client
 * has read what was sent (the stream's queue holds one event), so a slow reader never makes the
 * server buffer; while no event comes, a comment every `keepAlive` ms keeps proxies from closing
 * an idle connection. When the client goes away the iterator is returned (its `finally` runs).
 * An event that fails, or a handler that throws mid-stream, is logged and ends the stream: the
 * status is already sent. `app.close` ends open streams so the server can drain.
 */
function eventStream(
  source: Source,
  settings: SseSettings,
  context: EventStreamContext,
  opening: Uint8Array,
) {
  let timer: ReturnType<typeof setInterval> | undefined;
  let ended = false;
  let end: (() => void) | undefined;
  const stop = () => {
    ended = true;
    if (timer !== undefined) clearInterval(timer);
    if (end !== undefined) context.streams?.delete(end);
  };
  const fail = (error: unknown) => {
    // A failed response validation was logged by the check itself.
    if (!(error instanceof HttpException)) {
      context.logger.error(`Unhandled error in the event stream of ${context.where}`, error);
    }
  };
  const release = async () => {
    try {
      await source.return?.();
    } catch (error) {
      fail(error);
    }
  };
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        end = () => {
          if (ended) return;
          stop();
          void release();
          controller.close();
        };
        context.streams?.add(end);
        controller.enqueue(opening);
        if (settings.keepAlive > 0) {
          timer = setInterval(() => {
            // Only into an empty queue: keep-alives never pile up behind a slow reader.
            if (!ended && (controller.desiredSize ?? 0) > 0) controller.enqueue(keepAliveComment);
          }, settings.keepAlive);
        }
      },
      async pull(controller) {
        let chunk: Uint8Array;
        try {
          const step = await source.next();
          if (ended) return;
          if (step.done) {
            stop();
            controller.close();
            return;
          }
          let event = toEvent(step.value);
          // An asynchronous validator's verdict is awaited: the client simply waits for it.
          if (context.check) event = { ...event, data: await context.check(event.data) };
          if (ended) return;
          chunk = encoder.encode(formatEvent(event));
        } catch (error) {
          if (ended) return;
          stop();
          fail(error);
          await release();
          controller.close();
          return;
        }
        controller.enqueue(chunk);
      },
      async cancel() {
        stop();
        await release();
      },
    },
    { highWaterMark: 1 },
  );
}

/** Sets the headers every event stream is sent with (on HEAD too); answers `headers`. */
function eventStreamHeaders(headers: Headers): Headers {
  headers.set("content-type", "text/event-stream");
  // Proxies must neither cache nor buffer nor transform a live stream.
  headers.set("cache-control", "no-cache, no-transform");
  headers.set("x-accel-buffering", "no");
  return headers;
}

/**
 * The answer to HEAD on an `@Sse` route, once its checks (security, guards, inputs) passed: the
 * stream's headers without a body. No handler runs and no stream opens: nobody would read one,
 * nor end it (its keep-alive timer would run until the app closes).
 */
export function eventStreamHead(): Response {
  return new Response(null, { status: 200, headers: eventStreamHeaders(new Headers()) });
}

/** Stage "serialize" of an `@Sse` route: its `AsyncIterable` result as `text/event-stream`. */
export function eventStreamSerializer(
  settings: SseSettings,
  context: EventStreamContext,
): Serializer {
  return (state: ResponseState, value: unknown) => {
    if (value instanceof Response) return value;
    const source = iteratorOf(value);
    if (source === undefined) {
      throw new TypeError(`${context.where} is an @Sse route but did not return an AsyncIterable`);
    }
    const headers = eventStreamHeaders(new Headers(state[headersSlot]));
    const status = state[statusSlot] ?? 200;
    // A topic stream (`Topics.follow`) tells clients when to reconnect, before any event.
    const retry = (value as { [streamRetry]?: unknown })[streamRetry];
    const opening =
      Number.isSafeInteger(retry) && (retry as number) >= 0
        ? encoder.encode(`retry: ${retry}\n: open\n\n`)
        : openComment;
    return new Response(eventStream(source, settings, context, opening), { status, headers });
  };
}
