import { describe, expect, it } from "vitest";
import type { Logger } from "../errors/logger.js";
import { createErrorResponder } from "./error-responder.js";
import {
  getRequestSignal,
  raceDeadline,
  startDeadline,
  timeoutSignal,
} from "./request-deadline.js";

const logger: Logger = { error: () => {} };
const respondError = createErrorResponder(logger, undefined);
const never = new Promise<Response>(() => {});

describe("a request's deadline", () => {
  it("starts once per request: a deadline further out covers the inner one", () => {
    const request = new Request("http://x/a");
    expect(timeoutSignal(request)).toBeUndefined();
    expect(getRequestSignal(request)).toBe(request.signal);
    const abort = startDeadline(request);
    expect(abort).toBeInstanceOf(AbortController);
    expect(startDeadline(request)).toBeUndefined();
    expect(timeoutSignal(request)).toBe(abort?.signal);
    expect(getRequestSignal(request)).toBe(abort?.signal);
  });

  it("answers 503 and aborts the signal with a TimeoutError when the answer is late", async () => {
    const request = new Request("http://x/b");
    const abort = startDeadline(request) as AbortController;
    const answer = await raceDeadline(never, 5, abort, respondError, request);
    expect(answer.status).toBe(503);
    expect(getRequestSignal(request).aborted).toBe(true);
    expect((getRequestSignal(request).reason as DOMException).name).toBe("TimeoutError");
  });

  it("passes an answer that is ready at once, with no timer and no abort", () => {
    const request = new Request("http://x/c");
    const abort = startDeadline(request) as AbortController;
    const ready = new Response("ok");
    expect(raceDeadline(ready, 5, abort, respondError, request)).toBe(ready);
    expect(abort.signal.aborted).toBe(false);
  });
});
