import { jsonSchemaAdapter } from "@trellis/testing";
import { expect } from "vitest";
import type { AppOptions } from "../app/app-options.js";
import { parseDocumentOptions } from "../app/app-settings.js";
import type { App } from "../app/create-app.js";
import { readOperations } from "../app/read-operations.js";
import { Controller } from "../controller/controller.js";
import { Route } from "../decorators/route.js";
import { Get } from "../decorators/verbs.js";
import type { Operation } from "../operation/operation.js";
import type { RouteConfig } from "../pipeline/route-config.js";
import { testApp } from "./test-app.js";

/**
 * One row of a precedence table: where a setting is declared (the app's default, the controller
 * class, the handler method; absent where undefined) and the value that must be in effect.
 */
export interface PrecedenceRow<V, E> {
  readonly app?: V;
  readonly class?: V;
  readonly method?: V;
  readonly expected: E;
}

/** What a probe's handler receives: its arguments and what its controller exposes to it. */
export interface ProbeCall {
  readonly args: readonly unknown[];
  readonly signal: AbortSignal;
}

/** The one route a row builds, served by a real app: everything a view can observe. */
export interface PrecedenceProbe {
  readonly app: App & { logged: unknown[][] };
  /** The operation as `createApp` reads it (the same `readOperations` step, same options). */
  readonly operation: Operation;
  /** The route's pipeline config read in the same pass (global items are not in it). */
  readonly config: RouteConfig;
  /** The options the app was made with, the row's app-level value applied. */
  readonly options: Partial<AppOptions>;
  /** The route's OpenAPI Operation Object in `app.document` (undefined when not documented). */
  readonly documented: Record<string, any> | undefined;
  /** Sends a request to the route through `app.fetch`. */
  send(init?: {
    body?: string;
    headers?: Record<string, string>;
    query?: string;
  }): Promise<Response>;
}

/** One way of seeing the effective value: what it observes, and what it must show for a row. */
export interface PrecedenceView<V, E> {
  readonly observe: (probe: PrecedenceProbe, row: PrecedenceRow<V, E>) => unknown;
  /** What this view shows when `expected` is in effect (default: `expected` itself). */
  readonly shows?: (expected: E, row: PrecedenceRow<V, E>) => unknown;
}

/** A setting declared on a class, a method or both, with its rule and its table. */
export interface PrecedenceSetting<V, E> {
  /** The decorator(s), as written: `@BodyLimit`. */
  readonly setting: string;
  /** The rule the rows pin down, in words. */
  readonly rule: string;
  /** The decorator recording `value` on a class or a method. */
  readonly decorate: (value: V, on: "class" | "method") => ClassDecorator | MethodDecorator;
  /** Options every row's app gets (security schemes and their checks, say). */
  readonly options?: Partial<AppOptions>;
  /** The app-level default a row's `app` value sets (`limits.body`, say). */
  readonly appOption?: (value: V) => Partial<AppOptions>;
  /** The route besides the setting: its verb (default `@Get()`), other decorators, handler. */
  readonly route?: {
    readonly verb?: MethodDecorator;
    readonly decorators?: readonly MethodDecorator[];
    readonly parameters?: readonly ParameterDecorator[];
    readonly handler?: (call: ProbeCall) => unknown;
  };
  /** The views the effective value is checked through; `model` always, the others where they apply. */
  readonly views: {
    readonly model: PrecedenceView<V, E>;
    readonly document?: PrecedenceView<V, E>;
    readonly request?: PrecedenceView<V, E>;
  };
  readonly rows: readonly PrecedenceRow<V, E>[];
}

/** Types a setting's table (its value and effective types inferred from it). */
export function precedence<V, E>(setting: PrecedenceSetting<V, E>): PrecedenceSetting<V, E> {
  return setting;
}

/** `class 32, method 16 -> 16`: a row in words, for test names and failure messages. */
export function describeRow(row: PrecedenceRow<unknown, unknown>): string {
  const shown = (value: unknown) => (typeof value === "string" ? value : JSON.stringify(value));
  const declared = (["app", "class", "method"] as const)
    .filter((level) => row[level] !== undefined)
    .map((level) => `${level} ${shown(row[level])}`);
  return `${declared.length > 0 ? declared.join(", ") : "nothing declared"} -> ${shown(row.expected)}`;
}

// Applies a decorator by hand, as TypeScript's emitted code does, so one helper serves every row.
function decorateMethod(decorator: MethodDecorator, target: object): void {
  const descriptor = Object.getOwnPropertyDescriptor(target, "handle") as PropertyDescriptor;
  decorator(target, "handle", descriptor);
}

function probeController<V, E>(setting: PrecedenceSetting<V, E>, row: PrecedenceRow<V, E>) {
  const handler = setting.route?.handler ?? (() => "ok");
  class ProbeController extends Controller {
    handle(...args: unknown[]) {
      return handler({ args, signal: this.signal });
    }
  }
  const prototype = ProbeController.prototype;
  for (const [index, decorator] of (setting.route?.parameters ?? []).entries()) {
    decorator(prototype, "handle", index);
  }
  for (const decorator of setting.route?.decorators ?? []) decorateMethod(decorator, prototype);
  if (row.method !== undefined) {
    decorateMethod(setting.decorate(row.method, "method") as MethodDecorator, prototype);
  }
  decorateMethod(setting.route?.verb ?? Get(), prototype);
  if (row.class !== undefined) {
    (setting.decorate(row.class, "class") as ClassDecorator)(ProbeController);
  }
  Route("/probe")(ProbeController);
  return ProbeController;
}

/** Builds the row's controller and app, and the probe every view observes. */
export function precedenceProbe<V, E>(
  setting: PrecedenceSetting<V, E>,
  row: PrecedenceRow<V, E>,
): PrecedenceProbe {
  const controller = probeController(setting, row);
  const declared = {
    ...setting.options,
    ...(row.app === undefined ? {} : setting.appOption?.(row.app)),
  };
  // A probe route need not declare its responses: the document's warning about it is noise here.
  const options: Partial<AppOptions> = {
    ...declared,
    openapi: { undeclaredResponses: "off", ...declared.openapi },
  };
  const app = testApp([controller], options);
  const settings = parseDocumentOptions(
    { schema: jsonSchemaAdapter(), ...options, controllers: [controller] },
    "precedenceProbe",
  );
  const routes = readOperations(settings).routes;
  expect(routes, "the probe controller has one route").toHaveLength(1);
  const { operation, runtime: config } = routes[0] as (typeof routes)[number];
  const paths = app.document.paths as Record<string, Record<string, any> | undefined>;
  return {
    app,
    operation,
    config,
    options,
    documented: paths[operation.openapiPath]?.[operation.method.toLowerCase()],
    async send(init = {}) {
      const url = `http://test.local${operation.path}${init.query ?? ""}`;
      return await app.fetch(
        new Request(url, { method: operation.method, headers: init.headers, body: init.body }),
      );
    },
  };
}

/**
 * Checks one row: builds its route and asserts that every view of the setting shows the
 * expected effective value (the Operation model, the document, real requests).
 */
export async function checkPrecedenceRow<V, E>(
  setting: PrecedenceSetting<V, E>,
  row: PrecedenceRow<V, E>,
): Promise<void> {
  const probe = precedenceProbe(setting, row);
  for (const [name, view] of Object.entries(setting.views)) {
    if (view === undefined) continue;
    const shown = view.shows ? view.shows(row.expected, row) : row.expected;
    // Soft: a wrong value shows in every view it reaches, not only the first.
    expect
      .soft(await view.observe(probe, row), `${setting.setting} (${name}): ${describeRow(row)}`)
      .toEqual(shown);
  }
}
