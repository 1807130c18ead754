import { schema } from "@trellis/testing";
import { describe, it, vi } from "vitest";
import { Body, Query } from "../decorators/bindings.js";
import { BodyLimit } from "../decorators/body-limit.js";
import { Description, Tags } from "../decorators/docs.js";
import { Produces } from "../decorators/produces.js";
import { Returns } from "../decorators/returns.js";
import { Public, Security } from "../decorators/security.js";
import { SendUndeclared } from "../decorators/send-undeclared.js";
import { Sse } from "../decorators/sse.js";
import { Timeout } from "../decorators/timeout.js";
import { UseGuards } from "../decorators/use-guards.js";
import { UseInterceptors } from "../decorators/use-interceptors.js";
import { UseMiddleware } from "../decorators/use-middleware.js";
import { ValidateResponse } from "../decorators/validate-response.js";
import { Post } from "../decorators/verbs.js";
import type { Guard } from "../pipeline/guard.js";
import type { InterceptorItem } from "../pipeline/interceptor.js";
import type { Middleware } from "../pipeline/middleware.js";
import {
  parseResponseValidation,
  type ResponseValidation,
  type ResponseValidationMode,
} from "../pipeline/response-validation.js";
import {
  checkPrecedenceRow,
  describeRow,
  type PrecedenceProbe,
  type PrecedenceRow,
  type PrecedenceSetting,
  precedence,
} from "../test-helpers/precedence-table.js";

// Every setting a decorator can declare on a controller class and on a handler method, with the
// rule that decides which declaration is in effect. Each row builds one route and checks the
// effective value through the Operation model, the document and real requests, so a builder that
// reads the wrong declaration turns a row red. (@Deprecated, @Hidden, @Summary, @OperationId and
// @Returns are method-only; @Route is class-only: nothing to decide between.)

/** The candidate values of a row, for views that probe each one. */
const declared = <V>(row: PrecedenceRow<V, unknown>): V[] =>
  [row.app, row.class, row.method].filter((value): value is V => value !== undefined);

// --- @BodyLimit: bodies just under and over each declared limit -----------------------------

/** A JSON body of exactly `bytes` bytes (a string of x). */
const jsonOfSize = (bytes: number) => JSON.stringify("x".repeat(bytes - 2));

const bodyLimit = precedence<number, number>({
  setting: "@BodyLimit",
  rule: "the method's limit, else the class's, else limits.body",
  decorate: (bytes) => BodyLimit(bytes),
  appOption: (bytes) => ({ limits: { body: bytes } }),
  route: { verb: Post(), parameters: [Body(schema({ type: "string" }))] },
  views: {
    model: { observe: ({ operation }) => operation.bodyLimit },
    request: {
      // The largest accepted of the bodies at and one byte over each declared limit: the
      // effective limit is accepted and the byte over it is 413.
      async observe(probe, row) {
        const sizes = declared(row).flatMap((limit) => [limit, limit + 1]);
        let largest = 0;
        for (const size of sizes) {
          const status = (await probe.send({ ...postJson, body: jsonOfSize(size) })).status;
          if (status !== 200 && status !== 413) return `status ${status} for ${size} bytes`;
          if (status === 200 && size > largest) largest = size;
        }
        return largest;
      },
    },
  },
  rows: [
    { app: 64, expected: 64 },
    { app: 64, class: 32, expected: 32 },
    { app: 64, method: 16, expected: 16 },
    { app: 64, class: 32, method: 16, expected: 16 },
    { app: 64, class: 16, method: 32, expected: 32 },
    { app: 16, class: 48, expected: 48 },
  ],
});
const postJson = { headers: { "content-type": "application/json" } };

// --- @Timeout: a handler held until the test lets it go, on fake timers -----------------------

let releaseHandler: () => void = () => {};

/**
 * The effective timeout seen from outside: fake time is moved to one millisecond before, then to
 * each declared timeout in turn; the first at which the request is answered 503 is the timeout.
 * Nothing answers otherwise until the handler is released (then 200): no timeout in effect.
 */
async function observedTimeout(probe: PrecedenceProbe, row: PrecedenceRow<number, unknown>) {
  vi.useFakeTimers();
  try {
    let answer: Response | undefined;
    // Read through a call: the answer arrives in a callback, which the compiler's narrowing misses.
    const answered = () => answer;
    const pending = probe.send().then((response) => (answer = response));
    let now = 0;
    for (const at of [...new Set(declared(row))].sort((a, b) => a - b)) {
      await vi.advanceTimersByTimeAsync(at - 1 - now);
      const early = answered();
      if (early !== undefined) return `answered ${early.status} before ${at} ms`;
      await vi.advanceTimersByTimeAsync(1);
      now = at;
      const onTime = answered();
      if (onTime !== undefined) return onTime.status === 503 ? at : `answered ${onTime.status}`;
    }
    releaseHandler();
    const { status } = await pending;
    return status === 200 ? undefined : `answered ${status} once released`;
  } finally {
    vi.useRealTimers();
  }
}

const timeout = precedence<number, number | undefined>({
  setting: "@Timeout",
  rule: "the method's timeout, else the class's, else limits.timeout, else none",
  decorate: (milliseconds) => Timeout(milliseconds),
  appOption: (milliseconds) => ({ limits: { timeout: milliseconds } }),
  route: {
    // Waits until the test releases it: only a timeout in effect answers before that.
    handler: () => new Promise<string>((resolve) => (releaseHandler = () => resolve("done"))),
  },
  views: {
    model: { observe: ({ operation }) => operation.timeout },
    document: {
      observe: ({ documented }) => documented?.responses["503"] !== undefined,
      shows: (expected) => expected !== undefined,
    },
    request: { observe: observedTimeout },
  },
  rows: [
    { expected: undefined },
    { app: 40, expected: 40 },
    { class: 20, expected: 20 },
    { method: 20, expected: 20 },
    { class: 40, method: 20, expected: 20 },
    { class: 20, method: 40, expected: 40 },
    { app: 20, class: 60, method: 40, expected: 40 },
    { app: 60, class: 40, expected: 40 },
  ],
});

// --- @Produces and @Sse: what Accept negotiation offers ----------------------------------------

/**
 * The produced types in the server's order of preference, as negotiation shows them: the
 * request accepts every candidate alike (so the server's preference decides), the answer's type
 * is taken off the list, and again until the route answers 406 or with a type not asked for
 * (a route without @Produces answers JSON whatever the Accept).
 */
async function negotiated(probe: PrecedenceProbe, candidates: readonly string[]) {
  const remaining = [...new Set(candidates)];
  const order: string[] = [];
  while (remaining.length > 0) {
    const response = await probe.send({ headers: { accept: remaining.join(", ") } });
    await response.body?.cancel();
    const type = response.headers.get("content-type")?.split(";")[0] ?? "";
    if (response.status === 406 || !remaining.includes(type)) break;
    order.push(type);
    remaining.splice(remaining.indexOf(type), 1);
  }
  return order;
}

const documentedTypes = ({ documented }: PrecedenceProbe) =>
  Object.keys(documented?.responses["200"]?.content ?? {});

const produces = precedence<readonly string[], readonly string[]>({
  setting: "@Produces",
  rule: "the method's media types, else the class's, else JSON (no negotiation)",
  decorate: (types) => Produces(...types),
  route: { decorators: [Returns(200, "The answer")] },
  views: {
    model: { observe: ({ operation }) => operation.produces },
    document: { observe: documentedTypes },
    request: { observe: (probe, row) => negotiated(probe, declared(row).flat()) },
  },
  rows: [
    { expected: [] },
    { class: ["text/csv"], expected: ["text/csv"] },
    { method: ["text/plain", "text/csv"], expected: ["text/plain", "text/csv"] },
    { class: ["text/csv", "text/html"], method: ["text/plain"], expected: ["text/plain"] },
    { class: ["text/csv"], method: ["text/html", "text/csv"], expected: ["text/html", "text/csv"] },
  ],
});

const sse = precedence<readonly string[], readonly string[]>({
  setting: "@Sse under a class @Produces",
  rule: "an @Sse route streams text/event-stream whatever its class produces",
  decorate: (types) => Produces(...types),
  route: {
    verb: Sse(),
    async *handler() {
      yield "tick";
    },
  },
  views: {
    model: { observe: ({ operation }) => operation.produces },
    request: {
      async observe(probe) {
        const response = await probe.send({ headers: { accept: "text/event-stream" } });
        await response.body?.cancel();
        return [response.headers.get("content-type")?.split(";")[0]];
      },
    },
  },
  rows: [
    { expected: ["text/event-stream"] },
    { class: ["text/csv"], expected: ["text/event-stream"] },
  ],
});

// --- @Security and @Public: which credentials open the route --------------------------------

const publicRoute = "public";
const schemes = ["a", "b"] as const;
const credentials = (scheme: string) => ({ [`x-${scheme}`]: "yes" });
const securitySchemes = Object.fromEntries(
  schemes.map((scheme) => [scheme, { type: "apiKey", in: "header", name: `x-${scheme}` }]),
);

const security = precedence<string, readonly string[]>({
  setting: "@Security / @Public",
  rule: "the method's @Security or @Public, else the class's, else openapi.security ([] = open)",
  decorate: (scheme) => (scheme === publicRoute ? Public() : Security(scheme)),
  options: {
    openapi: { securitySchemes },
    security: Object.fromEntries(
      schemes.map((scheme) => [
        scheme,
        ({ request }: { request: Request }) => request.headers.get(`x-${scheme}`) === "yes",
      ]),
    ),
  },
  appOption: (scheme) => ({
    openapi: { securitySchemes, security: [{ [scheme]: [] }] },
  }),
  views: {
    model: { observe: ({ operation }) => operation.security.map(({ scheme }) => scheme) },
    document: {
      observe: ({ documented, app }) =>
        (documented?.security ?? app.document.security ?? []).flatMap(Object.keys),
    },
    request: {
      async observe(probe) {
        if ((await probe.send()).ok) return [];
        const admitting: string[] = [];
        for (const scheme of schemes) {
          if ((await probe.send({ headers: credentials(scheme) })).ok) admitting.push(scheme);
        }
        return admitting;
      },
    },
  },
  rows: [
    { expected: [] },
    { app: "a", expected: ["a"] },
    { class: "a", expected: ["a"] },
    { method: "b", expected: ["b"] },
    { class: "a", method: "b", expected: ["b"] },
    { class: publicRoute, method: "b", expected: ["b"] },
    { class: "a", method: publicRoute, expected: [] },
    { app: "a", class: publicRoute, expected: [] },
    { app: "a", class: "b", expected: ["b"] },
    { app: "a", method: publicRoute, expected: [] },
  ],
});

// --- @Tags and @Description: documentation only --------------------------------------------

const tags = precedence<string, readonly string[]>({
  setting: "@Tags",
  rule: "the class's tags, then the method's; neither: the controller's name",
  decorate: (tag) => Tags(tag),
  views: {
    model: { observe: ({ operation }) => operation.docs.tags },
    document: { observe: ({ documented }) => documented?.tags },
  },
  rows: [
    { expected: ["Probe"] },
    { class: "c", expected: ["c"] },
    { method: "m", expected: ["m"] },
    { class: "c", method: "m", expected: ["c", "m"] },
  ],
});

const description = precedence<string, { operation?: string; tag?: string }>({
  setting: "@Description",
  rule: "the method's describes the operation, the class's its controller's tag: neither leaks",
  decorate: (text) => Description(text),
  views: {
    model: {
      observe: ({ operation }) => ({
        operation: operation.docs.description,
        tag: operation.docs.controllerTag.description,
      }),
    },
    document: {
      observe: ({ documented, app }) => ({
        operation: documented?.description,
        tag: (app.document.tags as { name: string; description?: string }[] | undefined)?.find(
          (tag) => tag.name === documented?.tags?.[0],
        )?.description,
      }),
    },
  },
  rows: [
    { expected: {} },
    { class: "C", expected: { tag: "C" } },
    { method: "M", expected: { operation: "M" } },
    { class: "C", method: "M", expected: { operation: "M", tag: "C" } },
  ],
});

// --- @UseGuards, @UseInterceptors, @UseMiddleware: the order they run in ----------------------

const trace: string[] = [];
const labels = new WeakMap<object, string>();
const labelled = <T extends object>(label: string, item: T): T => {
  labels.set(item, label);
  return item;
};
const labelsOf = (items: readonly object[]) => items.map((item) => labels.get(item) ?? "?");

const guard = (label: string): Guard =>
  labelled(label, () => {
    trace.push(label);
    return true;
  });
const interceptor = (label: string): InterceptorItem =>
  labelled(label, (_context: unknown, next: () => Promise<unknown>) => {
    trace.push(label);
    return next();
  });
const middleware = (label: string): Middleware =>
  labelled(label, (_request: Request, next: () => Promise<Response>) => {
    trace.push(label);
    return next();
  });

/** What a request runs, in order. */
async function traced(probe: PrecedenceProbe) {
  trace.length = 0;
  const response = await probe.send();
  return response.status === 200 ? [...trace] : `status ${response.status}`;
}

// The route config holds the class's and method's items; the app's run first, outside it.
const withoutApp = (expected: readonly string[], row: PrecedenceRow<string, unknown>) =>
  expected.filter((label) => label !== row.app);

const pipelineRows: PrecedenceRow<string, readonly string[]>[] = [
  { expected: [] },
  { class: "class", expected: ["class"] },
  { method: "method", expected: ["method"] },
  { class: "class", method: "method", expected: ["class", "method"] },
  { app: "app", class: "class", method: "method", expected: ["app", "class", "method"] },
];

const guards = precedence<string, readonly string[]>({
  setting: "@UseGuards",
  rule: "the app's guards, then the class's, then the method's",
  decorate: (label) => UseGuards(guard(label)),
  appOption: (label) => ({ guards: [guard(label)] }),
  views: {
    model: { observe: ({ config }) => labelsOf(config.guards as object[]), shows: withoutApp },
    // Guarded operations document their 401 and 403.
    document: {
      observe: ({ documented }) => documented?.responses["403"] !== undefined,
      shows: (expected) => expected.length > 0,
    },
    request: { observe: traced },
  },
  rows: pipelineRows,
});

const interceptors = precedence<string, readonly string[]>({
  setting: "@UseInterceptors",
  rule: "the app's interceptors outermost, then the class's, then the method's",
  decorate: (label) => UseInterceptors(interceptor(label)),
  appOption: (label) => ({ interceptors: [interceptor(label)] }),
  views: {
    model: {
      observe: ({ config }) => labelsOf(config.interceptors as object[]),
      shows: withoutApp,
    },
    request: { observe: traced },
  },
  rows: pipelineRows,
});

const middlewares = precedence<string, readonly string[]>({
  setting: "@UseMiddleware",
  rule: "the app's middleware outermost, then the class's, then the method's",
  decorate: (label) => UseMiddleware(middleware(label)),
  appOption: (label) => ({ middleware: [middleware(label)] }),
  views: {
    model: { observe: ({ config }) => labelsOf(config.middleware), shows: withoutApp },
    request: { observe: traced },
  },
  rows: pipelineRows,
});

// --- @ValidateResponse: what happens to an invalid and an over-full value ---------------------

type Validation = "off" | "on" | "strip";
const Item = schema({
  type: "object",
  properties: { id: { type: "string" } },
  required: ["id"],
});
const modeName = (mode: ResponseValidationMode): Validation =>
  mode === false ? "off" : mode.strip ? "strip" : "on";

const validateResponse = precedence<ResponseValidation, Validation>({
  setting: "@ValidateResponse",
  rule: "the method's setting, else the class's, else the app's validateResponse",
  decorate: (on) => ValidateResponse(on),
  appOption: (on) => ({ validateResponse: on }),
  route: {
    // Sent whole, so what reaches the client is what validation left (stripped or not).
    decorators: [Returns(200, Item), SendUndeclared()],
    parameters: [Query("case", schema({ type: "string" }))],
    handler: ({ args: [shape] }) => (shape === "invalid" ? { id: 1 } : { id: "1", extra: true }),
  },
  views: {
    // The route's own setting; undefined defers to the app's (read by the pipeline).
    model: {
      observe: ({ config, options }) =>
        modeName(
          config.validateResponse ?? parseResponseValidation(options.validateResponse, "app"),
        ),
    },
    request: {
      async observe(probe) {
        const invalid = await probe.send({ query: "?case=invalid" });
        if (invalid.status === 200) return "off";
        if (invalid.status !== 500) return `status ${invalid.status}`;
        const full = await probe.send({ query: "?case=extra" });
        return "extra" in ((await full.json()) as object) ? "on" : "strip";
      },
    },
  },
  rows: [
    { expected: "off" },
    { app: true, expected: "on" },
    { class: true, expected: "on" },
    { method: true, expected: "on" },
    { class: true, method: false, expected: "off" },
    { class: false, method: true, expected: "on" },
    { class: true, method: { strip: true }, expected: "strip" },
    { app: { strip: true }, class: false, expected: "off" },
    { app: true, method: { strip: true }, expected: "strip" },
  ],
});

// --- @SendUndeclared: whether a 2xx body carries what its schema does not declare ------------

const sendUndeclared = precedence<boolean, "declared" | "whole">({
  setting: "@SendUndeclared",
  rule: "the method's setting, else the class's, else the app's sendUndeclared",
  decorate: (on) => SendUndeclared(on),
  appOption: (on) => ({ sendUndeclared: on }),
  route: {
    decorators: [Returns(200, Item)],
    handler: () => ({ id: "1", passwordHash: "x" }),
  },
  views: {
    model: {
      observe: ({ config, options }) =>
        (config.sendUndeclared ?? options.sendUndeclared) === true ? "whole" : "declared",
    },
    request: {
      async observe(probe) {
        const text = await (await probe.send()).text();
        return text.includes("passwordHash") ? "whole" : "declared";
      },
    },
  },
  rows: [
    { expected: "declared" },
    { app: true, expected: "whole" },
    { app: false, expected: "declared" },
    { class: true, expected: "whole" },
    { method: true, expected: "whole" },
    { app: true, class: false, expected: "declared" },
    { class: true, method: false, expected: "declared" },
    { class: false, method: true, expected: "whole" },
    { app: true, class: false, method: true, expected: "whole" },
  ],
});

const settings: readonly PrecedenceSetting<any, any>[] = [
  bodyLimit,
  timeout,
  produces,
  sse,
  security,
  tags,
  description,
  guards,
  interceptors,
  middlewares,
  validateResponse,
  sendUndeclared,
];

describe("class and method declarations: which is in effect", () => {
  for (const setting of settings) {
    describe(`${setting.setting}: ${setting.rule}`, () => {
      for (const row of setting.rows) {
        it(describeRow(row), () => checkPrecedenceRow(setting, row));
      }
    });
  }
});
