import { expect } from "vitest";
import { logLines, type RecordingLogger } from "./recording-logger.js";

/** A request a suite sends, with the status it must be answered with. */
export type Sent = readonly [status: number, send: () => Promise<number | undefined>];

/**
 * Sends each request (one after the other) and expects its status, then expects the app to have
 * logged nothing. It sends what it checks, so it passes or fails the same when run alone
 * (`-t "logged nothing"`), and it fails when given nothing to send.
 */
export async function expectNothingLogged(
  logger: RecordingLogger | undefined,
  requests: readonly Sent[],
): Promise<void> {
  expect(logger, "the app's logger").toBeDefined();
  expect(requests.length, "requests to send").toBeGreaterThan(0);
  const statuses: (number | undefined)[] = [];
  for (const [, send] of requests) statuses.push(await send());
  expect(statuses).toEqual(requests.map(([status]) => status));
  expect(logLines(logger)).toEqual([]);
}
