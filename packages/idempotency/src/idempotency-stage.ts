import type { OutageLog, RouteHandler, StageContext } from "@trellis/core/extend";
import { parseIdempotencyKey } from "./idempotency-key.js";
import type { IdempotencySettings } from "./idempotency-options.js";
import type { IdempotencyPlan } from "./idempotency-policy.js";
import { idempotencyRefusal } from "./idempotency-problems.js";
import type { IdempotencyEntry } from "./idempotency-store.js";
import { requestFingerprint, storeKey } from "./request-fingerprint.js";
import { captureResponse, isKept, replayResponse } from "./stored-response.js";

/**
 * Wraps an `@Idempotent` route (after its guards, before its body is read). A request with a key
 * claims it in the store, atomically: the first runs and its response is kept (unless it is 5xx,
 * 408, 425 or 429: the key is then given up, so a retry runs again); a retry with the same
 * payload gets the kept response; another payload is 422; a retry while the first runs is 409.
 * While the store cannot be reached (or passes its deadline), a request with a key is answered 503
 * ("fail-closed", the default) or runs without it ("fail-open"); `outages` logs each outage once
 * on entry and once on exit.
 */
export function idempotencyStage(
  policy: IdempotencyPlan,
  handler: RouteHandler,
  context: StageContext,
  settings: IdempotencySettings,
  outages: OutageLog,
): RouteHandler {
  const { operation, respond, logger, requestIdHeader, where } = context;
  const open = (policy.outage ?? settings.outage) === "fail-open";
  const { store } = settings;
  const { scope } = policy;
  const route = `${operation.method} ${operation.path}`;
  const ttlMs = policy.ttl === undefined ? settings.ttlMs : policy.ttl * 1000;
  const lockMs = Math.max(settings.lockMs, operation.timeout ?? 0);
  const refuse = (request: Request, refusal: Parameters<typeof idempotencyRefusal>[0]) =>
    respond(idempotencyRefusal(refusal), request);

  const answer = (request: Request, entry: IdempotencyEntry, fingerprint: string) => {
    if (entry.fingerprint !== fingerprint) return refuse(request, "reused");
    return entry.state === "running" ? refuse(request, "running") : replayResponse(entry.response);
  };

  const run = async (
    request: Request,
    params: readonly string[] | undefined,
    decoded: boolean | undefined,
    key: string,
  ): Promise<Response> => {
    let claimed: string;
    let token: string;
    let fingerprint: string;
    try {
      const digest = await requestFingerprint(request, operation.bodyLimit);
      // Over the body limit: the route answers 413 itself, and no key is spent on it.
      if (digest === undefined) return await handler(request, params, decoded);
      fingerprint = digest;
      claimed = storeKey(route, scope(request) ?? "", key);
      token = crypto.randomUUID();
    } catch (error) {
      logger.error(
        `${where}: the request could not be fingerprinted; it was refused (503).`,
        error,
      );
      return refuse(request, "unavailable");
    }
    let entry: IdempotencyEntry | undefined;
    try {
      entry = await store.claim(claimed, { token, fingerprint, lockMs });
    } catch (error) {
      outages.failed(error);
      // Fail-open: the request runs as if it had no key; nothing is kept for a retry.
      return open ? await handler(request, params, decoded) : refuse(request, "unavailable");
    }
    if (outages.affected > 0) outages.recovered();
    if (entry !== undefined) return answer(request, entry, fingerprint);
    const response = await handler(request, params, decoded);
    // The store failing after the request ran is part of the same outage: counted, not logged again.
    const failed = (error: unknown) => outages.failed(error);
    if (!(response instanceof Response) || !isKept(response.status)) {
      await store.release(claimed, token).catch(failed);
      return response;
    }
    let captured: Awaited<ReturnType<typeof captureResponse>>;
    try {
      captured = await captureResponse(response, requestIdHeader);
    } catch (error) {
      await store.release(claimed, token).catch(failed);
      return respond(error, request);
    }
    // The work is done: the client gets its answer even when the store cannot keep it.
    await store.complete(claimed, token, captured.stored, ttlMs).catch(failed);
    return captured.sent;
  };

  return (request, params, decoded) => {
    const field = request.headers.get("idempotency-key");
    if (field === null) {
      return policy.required ? refuse(request, "missing") : handler(request, params, decoded);
    }
    const key = parseIdempotencyKey(field);
    if (key === undefined) return refuse(request, "invalid");
    return run(request, params, decoded, key);
  };
}
