// Handlers that throw non-errors, set CR/LF headers, bad statuses or unserializable values.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFaultyApp, thrownValues } from "./apps/faulty-app.js";
import { expectProblem, genericDetail } from "./support/problem.js";
import { rawExchange, requestHead } from "./support/raw-http.js";
import { logLines, type RecordingLogger, recordingLogger } from "./support/recording-logger.js";
import { type Served, serve } from "./support/serve.js";

let logger: RecordingLogger;
let served: Served;
beforeAll(() => {
  logger = recordingLogger();
  served = serve(createFaultyApp(logger));
});
afterAll(() => served.stop());

/** Requests `path` and expects the generic 500, logged exactly once with `where` in the message. */
async function expectCleanFailure(path: string, where: string): Promise<void> {
  const before = logger.entries.length;
  const problem = await expectProblem(await served.request(path), 500);
  expect(problem).toEqual({
    type: "about:blank",
    title: "Internal Server Error",
    status: 500,
    detail: genericDetail,
    requestId: expect.any(String),
  });
  const logged = logger.entries.slice(before);
  expect(logged).toHaveLength(1);
  expect(logged[0]?.message).toContain(`FaultyController.${where}`);
}

describe("a handler that throws something that is not an HttpException", () => {
  const kinds = Object.keys(thrownValues);

  it.each(kinds)("throw %s: 500 problem+json with the generic detail, logged", async (kind) => {
    await expectCleanFailure(`/faults/throw/${kind}`, "throwNow");
  });

  it.each(kinds)("an async handler rejecting with %s: the same", async (kind) => {
    await expectCleanFailure(`/faults/reject/${kind}`, "rejectLater");
  });

  it("logs the thrown value itself, for the operator", async () => {
    const before = logger.entries.length;
    await served.request("/faults/throw/object");
    expect(logger.entries[before]?.details[0]).toEqual(thrownValues.object?.());
  });
});

describe("a handler that sets a header value with CR or LF", () => {
  it.each(["crlf", "lf", "cr"])("%s: a clean 500 (no split response), logged", async (kind) => {
    await expectCleanFailure(`/faults/header/${kind}`, "badHeader");
    expect(logLines(logger).at(-1)).toMatch(/invalid value/i);
  });

  it("never lets the injected header reach the wire", async () => {
    const exchange = await rawExchange(
      served.port,
      requestHead("GET", "/faults/header/crlf", { connection: "close" }),
      {
        until: "close",
      },
    );
    expect(exchange.response?.status).toBe(500);
    expect(exchange.received.toLowerCase()).not.toContain("set-cookie");
    expect(exchange.received).not.toContain("stolen");
    // One response only: nothing after its body (a split response would add a second).
    expect(exchange.received.match(/HTTP\/1\.1 /g)).toHaveLength(1);
  });
});

describe("a handler that returns what cannot be sent", () => {
  it("an invalid status (1000): 500, logged", async () => {
    await expectCleanFailure("/faults/status", "badStatus");
  });

  it.each(["bigint", "cycle"])("an unserializable value (%s): 500, logged", async (kind) => {
    await expectCleanFailure(`/faults/unserializable/${kind}`, "unserializable");
  });
});

it("keeps serving after every fault, sent here at once, so it holds when run alone", async () => {
  const before = logger.entries.length;
  const kinds = Object.keys(thrownValues);
  const faults = [
    ...kinds.flatMap((kind) => [`/faults/throw/${kind}`, `/faults/reject/${kind}`]),
    "/faults/header/crlf",
    "/faults/header/lf",
    "/faults/header/cr",
    "/faults/status",
    "/faults/unserializable/bigint",
    "/faults/unserializable/cycle",
  ];
  const answers = await Promise.all(faults.map((path) => served.request(path)));
  expect(answers.map((answer) => answer.status)).toEqual(faults.map(() => 500));
  // Each fault was one failure, logged once.
  expect(logger.entries.length - before).toBe(faults.length);
  await expectProblem(await served.request("/faults/nowhere"), 404);
  // A second round on the same server fails the same way: nothing broke for good.
  await expectCleanFailure(`/faults/throw/${kinds[0]}`, "throwNow");
});
