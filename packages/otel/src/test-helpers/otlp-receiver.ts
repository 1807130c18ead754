// A receiver of OTLP/HTTP in JSON (what @opentelemetry/exporter-*-otlp-http send): it decodes
// the payloads as the OpenTelemetry protocol's JSON encoding specifies (ids as hex, enums as
// numbers, 64-bit integers as strings) into plain spans and metric points for assertions.

type AnyValue = {
  stringValue?: string;
  intValue?: string | number;
  doubleValue?: number;
  boolValue?: boolean;
  arrayValue?: { values?: AnyValue[] };
};
type KeyValue = { key: string; value: AnyValue };

const decodeValue = (value: AnyValue): unknown => {
  if (value.stringValue !== undefined) return value.stringValue;
  if (value.intValue !== undefined) return Number(value.intValue);
  if (value.doubleValue !== undefined) return value.doubleValue;
  if (value.boolValue !== undefined) return value.boolValue;
  if (value.arrayValue !== undefined) return (value.arrayValue.values ?? []).map(decodeValue);
  return undefined;
};

const attributesOf = (list: KeyValue[] | undefined): Record<string, unknown> =>
  Object.fromEntries((list ?? []).map(({ key, value }) => [key, decodeValue(value)]));

/** One received span. `kind`: 1 internal, 2 server; `status`: 0 unset, 1 ok, 2 error. */
export interface ReceivedSpan {
  readonly traceId: string;
  readonly spanId: string;
  readonly parentSpanId: string | undefined;
  readonly name: string;
  readonly kind: number;
  readonly status: number;
  readonly attributes: Record<string, unknown>;
  readonly events: { name: string; attributes: Record<string, unknown> }[];
  readonly scope: string;
}

/** One received metric data point. */
export interface ReceivedPoint {
  readonly metric: string;
  readonly unit: string;
  readonly attributes: Record<string, unknown>;
  /** A histogram's count, or a sum's value. */
  readonly value: number;
}

interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  status?: { code?: number };
  attributes?: KeyValue[];
  events?: { name: string; attributes?: KeyValue[] }[];
}

function decodeTraces(body: any): ReceivedSpan[] {
  return (body.resourceSpans ?? []).flatMap((resource: any) =>
    (resource.scopeSpans ?? []).flatMap((scope: any) =>
      (scope.spans ?? []).map((span: OtlpSpan) => ({
        traceId: span.traceId,
        spanId: span.spanId,
        parentSpanId: span.parentSpanId || undefined,
        name: span.name,
        kind: span.kind,
        status: span.status?.code ?? 0,
        attributes: attributesOf(span.attributes),
        events: (span.events ?? []).map((event) => ({
          name: event.name,
          attributes: attributesOf(event.attributes),
        })),
        scope: scope.scope?.name ?? "",
      })),
    ),
  );
}

function decodeMetrics(body: any): ReceivedPoint[] {
  return (body.resourceMetrics ?? []).flatMap((resource: any) =>
    (resource.scopeMetrics ?? []).flatMap((scope: any) =>
      (scope.metrics ?? []).flatMap((metric: any) => {
        const data = metric.histogram ?? metric.sum ?? metric.gauge;
        return (data?.dataPoints ?? []).map((point: any) => ({
          metric: metric.name,
          unit: metric.unit ?? "",
          attributes: attributesOf(point.attributes),
          value: Number(point.count ?? point.asInt ?? point.asDouble ?? 0),
        }));
      }),
    ),
  );
}

/** A local OTLP/HTTP receiver: the endpoint to give the exporters, and what it received. */
export function otlpReceiver() {
  const spans: ReceivedSpan[] = [];
  const points: ReceivedPoint[][] = [];
  const contentTypes = new Set<string>();
  const server = Bun.serve({
    port: 0,
    hostname: "127.0.0.1",
    async fetch(request) {
      const path = new URL(request.url).pathname;
      contentTypes.add(request.headers.get("content-type") ?? "");
      const body = await request.json();
      if (path === "/v1/traces") spans.push(...decodeTraces(body));
      else if (path === "/v1/metrics") points.push(decodeMetrics(body));
      else return new Response(null, { status: 404 });
      return Response.json({});
    },
  });
  return {
    endpoint: `http://127.0.0.1:${server.port}`,
    spans,
    /** The points of the latest metrics export (cumulative). */
    latestPoints: (): ReceivedPoint[] => points.at(-1) ?? [],
    contentTypes,
    stop: () => server.stop(true),
  };
}
