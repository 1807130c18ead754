// Slow and vanishing clients: cut by the server's idle timeout, and never logged as server errors.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createExampleApp, type ExampleApp } from "../support/example.js";
import { rawExchange, requestHead } from "./support/raw-http.js";
import { logLines, type RecordingLogger, recordingLogger } from "./support/recording-logger.js";
import { type Served, serve } from "./support/serve.js";
import { serveTargets } from "./support/served-targets.js";
import { targets } from "./support/targets.js";

const served = serveTargets();
const idleTimeout = 2; // seconds
// What is asserted is that the server cut each stalled client (the client never would), never how
// soon: Bun checks timeouts on a coarse timer (a 2 s idle timeout fired after 1.5 to 4 s in our
// runs, later on a busy machine), and cuts a head that never completes after about 10 s (its own
// header timeout, not configurable). We wait for the cut as long as the test's timeout allows.
const untilCut = { until: "close", timeoutMs: 120_000 } as const;

describe("the example under Bun.serve({ idleTimeout: 2 })", () => {
  let logger: RecordingLogger;
  let app: ExampleApp;
  let server: Served;
  beforeAll(() => {
    logger = recordingLogger();
    app = createExampleApp({ databasePath: ":memory:", logger });
    server = serve(app, { idleTimeout });
  });
  afterAll(async () => {
    await server.stop();
    await app.close();
  });

  const body = '{"name":"Slow","email":"slow@example.com"}';
  const stalled = requestHead("POST", "/users", {
    "content-type": "application/json",
    "content-length": body.length,
  });

  it("closes connections that stall mid-body, trickle the body or stall mid-head, while serving others", async () => {
    let trickled = 0;
    let headSent = () => {};
    const headStalled = new Promise<void>((resolve) => {
      headSent = resolve;
    });
    let midHeadOpen = true;
    const [midBody, trickle, midHead, idleAfterResponse, meanwhile] = await Promise.all([
      rawExchange(server.port, stalled + body.slice(0, 10), untilCut),
      rawExchange(
        server.port,
        requestHead("POST", "/users", {
          "content-type": "application/json",
          "content-length": 100_000,
        }),
        {
          ...untilCut,
          afterConnect: (socket) => {
            // One byte at once, then one every 250 ms: it is sending from the first moment,
            // however late this process's timers run (and however soon Bun's idle sweep comes).
            const send = () => {
              socket.write("a");
              trickled += 1;
            };
            send();
            const timer = setInterval(() => {
              if (socket.destroyed) return clearInterval(timer);
              send();
            }, 250);
          },
        },
      ),
      rawExchange(server.port, "GET /users HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Half: ", {
        ...untilCut,
        afterConnect: () => headSent(),
      }).then((exchange) => {
        midHeadOpen = false;
        return exchange;
      }),
      rawExchange(server.port, requestHead("GET", "/users"), untilCut),
      (async () => {
        await headStalled;
        const response = await server.request("/users");
        return { status: response.status, whileStalled: midHeadOpen };
      })(),
    ]);

    for (const exchange of [midBody, trickle, idleAfterResponse]) {
      expect(exchange.closedByServer).toBe(true);
    }
    // The stalled requests got no answer (their handler was still waiting for the body) ...
    expect(midBody.received).toBe("");
    expect(trickle.received).toBe("");
    // ... although the trickling client was sending, and was cut long before it was done (how
    // many bytes it managed depends on the machine's load: the timers of this process run late on
    // a busy machine).
    expect(trickled).toBeGreaterThan(0);
    expect(trickled).toBeLessThan(100_000);
    // ... the idle keep-alive connection got its answer first.
    expect(idleAfterResponse.response?.status).toBe(200);
    expect(midHead.closedByServer).toBe(true);
    expect(midHead.received).toBe("");
    // Another client was served while the stalled head still held its connection.
    expect(meanwhile).toEqual({ status: 200, whileStalled: true });
  }, 300_000);

  it("does not log clients that timed out as server errors", async () => {
    const cut = await rawExchange(server.port, stalled + body.slice(0, 10), untilCut);
    expect(cut.closedByServer).toBe(true);
    expect(cut.received).toBe("");
    await server.settled();
    expect((await server.request("/users")).status).toBe(200);
    expect(logLines(logger)).toEqual([]);
  }, 300_000);
});

describe.each(targets)("a client that vanishes mid-body: $label", (target) => {
  it("is not logged as an unhandled error, and the server keeps serving", async () => {
    const entry = served[target.adapter];
    const port = entry?.users.port as number;
    const cases = [
      requestHead("POST", "/users", { "content-type": "application/json", "content-length": 100 }) +
        '{"na',
      `${requestHead("POST", "/users/bulk", {
        "content-type": "application/json",
        "transfer-encoding": "chunked",
      })}4\r\n{"us\r\n`,
    ];
    for (const payload of cases) {
      // We hang up after 200 ms: the server would only cut us after its 10 s idle timeout.
      const exchange = await rawExchange(port, payload, { timeoutMs: 200 });
      expect(exchange.closedByServer).toBe(false); // we hung up, not the server
    }
    // Once their handlers have finished (whatever they log is logged by then).
    await entry?.users.settled();
    expect((await entry?.users.request("/users"))?.status).toBe(200);
    expect(logLines(entry?.logger)).toEqual([]);
  });
});
