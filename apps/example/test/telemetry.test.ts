// The example as a user runs it (`bun src/main.ts`) with OTEL_EXPORTER_OTLP_ENDPOINT pointing at a
// receiver in this test: traces and metrics arrive over OTLP/HTTP, in JSON or in protobuf as
// OTEL_EXPORTER_OTLP_PROTOCOL says; without the variable nothing is sent.
import { join } from "node:path";
import { within } from "@trellis/testing";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { freePort } from "./support/free-port.js";
import { type Launched, launch, until } from "./support/launch.js";

const appDir = join(import.meta.dirname, "..");

interface Export {
  readonly path: string;
  readonly contentType: string;
  readonly body: Buffer;
}

const exports: Export[] = [];
const receiver = Bun.serve({
  port: 0,
  hostname: "127.0.0.1",
  async fetch(request) {
    exports.push({
      path: new URL(request.url).pathname,
      contentType: request.headers.get("content-type") ?? "",
      body: Buffer.from(await request.arrayBuffer()),
    });
    return new Response(null, { status: 200 });
  },
});
afterAll(() => receiver.stop(true));

const started: Launched[] = [];
afterEach(() => {
  for (const { child } of started.splice(0)) child.kill("SIGKILL");
  exports.length = 0;
});

async function startExample(env: Record<string, string>): Promise<{ base: string; app: Launched }> {
  const port = await freePort();
  const app = launch(process.execPath, ["src/main.ts"], {
    cwd: appDir,
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATABASE_PATH: ":memory:",
      OTEL_BSP_SCHEDULE_DELAY: "100",
      OTEL_METRIC_EXPORT_INTERVAL: "200",
      ...env,
    },
  });
  started.push(app);
  await app.waitFor("Users API:");
  return { base: `http://127.0.0.1:${port}`, app };
}

const endpoint = () => `http://127.0.0.1:${receiver.port}`;
const received = (path: string, text: string) =>
  until(`${text} at ${path}`, async () =>
    exports.find((item) => item.path === path && item.body.includes(text)),
  );

describe("the example's telemetry (OTEL_EXPORTER_OTLP_ENDPOINT)", () => {
  it("exports spans and metrics as OTLP/HTTP JSON with OTEL_EXPORTER_OTLP_PROTOCOL=http/json", async () => {
    const { base, app } = await startExample({
      OTEL_EXPORTER_OTLP_ENDPOINT: endpoint(),
      OTEL_EXPORTER_OTLP_PROTOCOL: "http/json",
    });
    // Printed after "Users API:", maybe in a later chunk of the pipe.
    expect((await app.waitFor("Telemetry: OTLP http/json"))[0]).toBe("Telemetry: OTLP http/json");
    const response = await fetch(`${base}/users/${crypto.randomUUID()}`);
    expect(response.status).toBe(404);
    const traces = await received("/v1/traces", "GET /users/{id}");
    expect(traces.contentType).toBe("application/json");
    const spans = JSON.parse(traces.body.toString()).resourceSpans.flatMap((resource: any) =>
      resource.scopeSpans.flatMap((scope: any) => scope.spans),
    );
    const span = spans.find((each: any) => each.name === "GET /users/{id}");
    const attributes = Object.fromEntries(
      span.attributes.map(({ key, value }: any) => [key, Object.values(value)[0]]),
    );
    expect(attributes).toMatchObject({
      "http.route": "/users/{id}",
      "http.response.status_code": expect.anything(),
      "trellis.operation.id": "getUser",
      "trellis.problem.type": "about:blank",
    });
    expect(Number(attributes["http.response.status_code"])).toBe(404);
    expect(traces.body.toString()).toContain('"stringValue":"trellis-example"');
    await received("/v1/metrics", "http.server.request.duration");
  });

  it("exports protobuf by default (http/protobuf, as the specification says)", async () => {
    const { base } = await startExample({ OTEL_EXPORTER_OTLP_ENDPOINT: endpoint() });
    expect((await fetch(`${base}/users`)).status).toBe(200);
    const traces = await received("/v1/traces", "GET /users");
    expect(traces.contentType).toBe("application/x-protobuf");
    await received("/v1/metrics", "http.server.active_requests");
  });

  it("loads and sends nothing without OTEL_EXPORTER_OTLP_ENDPOINT", async () => {
    const { base, app } = await startExample({});
    expect((await fetch(`${base}/users`)).status).toBe(200);
    await Bun.sleep(500); // longer than the export intervals above
    expect(exports).toEqual([]);
    expect(app.output()).not.toContain("Telemetry:");
  });

  it("refuses a protocol it cannot speak, naming it", async () => {
    const port = await freePort();
    const app = launch(process.execPath, ["src/main.ts"], {
      cwd: appDir,
      env: {
        ...process.env,
        PORT: String(port),
        DATABASE_PATH: ":memory:",
        OTEL_EXPORTER_OTLP_ENDPOINT: endpoint(),
        OTEL_EXPORTER_OTLP_PROTOCOL: "grpc",
      },
    });
    started.push(app);
    expect(await within(app.exited, 60, "the app refusing its telemetry settings")).toBe(1);
    expect(app.output()).toContain(
      'OTEL_EXPORTER_OTLP_PROTOCOL must be http/protobuf or http/json, not "grpc"',
    );
  });
});
