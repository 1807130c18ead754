import { generateAsyncApi } from "../asyncapi/generate-asyncapi.js";
import { moveAppState } from "../di/built-in-tokens.js";
import { Container } from "../di/container.js";
import { describeModules } from "../di/module-graph.js";
import { mountDocs } from "../docs/mount-docs.js";
import type { StageCompileContext } from "../feature/compile-stages.js";
import { rememberServers } from "../http/client-address.js";
import type { RouteHandler } from "../http/route-handler.js";
import { reportUndeclaredResponses } from "../openapi/undeclared-responses.js";
import { writeDocumentFile } from "../openapi/write-document-file.js";
import type { Operation } from "../operation/operation.js";
import { createErrorResponder } from "../pipeline/error-responder.js";
import { composeMiddleware } from "../pipeline/middleware.js";
import { PipelineItems } from "../pipeline/resolve-pipeline-items.js";
import { PipelineBuilder } from "../pipeline/route-pipeline.js";
import { compileRoute } from "../route/compile-route.js";
import { buildRouter, type RouterEntry } from "../router/build-router.js";
import { appVersioning } from "../versioning/app-versioning.js";
import { compileSocketUpgrade } from "../websocket/compile-socket-upgrade.js";
import { createSockets } from "../websocket/create-sockets.js";
import { serveWithSockets } from "../websocket/serve-with-sockets.js";
import type { App } from "./app.js";
import { closer } from "./app-lifecycle.js";
import type { AppOptions } from "./app-options.js";
import { appPlugins } from "./app-plugins.js";
import { checkReservedProviders, connectPubSub } from "./app-pubsub.js";
import { type AppRuntime, registerRuntime } from "./app-runtime.js";
import { parseAppOptions } from "./app-settings.js";
import { checkSecurityNames } from "./check-security-names.js";
import { notReady } from "./not-ready.js";
import { observeApp } from "./observe-app.js";
import { operationEntry } from "./operation-entry.js";
import { pluginDispatch } from "./plugin-dispatch.js";
import { deploymentOf, readOperations } from "./read-operations.js";

export type { App } from "./app.js";

/**
 * Builds an app from controllers and modules, once, at startup: checks the options and the module
 * graph, reads the decorator metadata (throwing `TrellisConfigError` with a stable code), creates
 * the providers, compiles every route with only the pipeline stages it has, checks the OpenAPI
 * document (built on first use) and mounts the docs. Route paths are strict about slashes, like Bun's route map:
 * `/users/` and `//users` do not match `/users`. Synchronous unless a provider is async: then
 * `await app.ready`.
 *
 * @example
 * const app = createApp({
 *   schema: classValidator(),
 *   controllers: [UserController],
 *   docs: { swagger: true },
 *   openapi: { service: { name: "users", version: "1.0.0" } },
 * });
 * Bun.serve({ port: 3000, routes: app.routes, fetch: app.fetch });
 */
export function createApp(options: AppOptions): App {
  const settings = parseAppOptions(options);
  const { observability } = settings;
  const observed = observeApp(settings);
  const { pubsub } = observed;
  const deployment = deploymentOf(pubsub, settings.logger);
  const { routes: built, sockets, registry, compiler } = readOperations(settings, deployment);
  const socketRuntime = createSockets(sockets, {
    compiler,
    logger: settings.logger,
    validateResponse: settings.pipeline.validateResponse,
    settings: settings.websocket,
    defaultMessageLimit: settings.bodyLimit,
    pubsub,
    ...(observability?.sockets ? { observer: observability.sockets } : {}),
  });
  observed.sockets(socketRuntime.hub, sockets.length);
  // Every served route: the HTTP operations, then each WebSocket route's upgrade request.
  const served = [
    ...built,
    ...sockets.map(({ route, runtime }) => ({ operation: route.upgrade, runtime })),
  ];
  const respondError = observed.errors(
    createErrorResponder(settings.logger, settings.errorFormatter),
  );
  const taken = new Set(served.map(({ operation }) => operation.shape));
  const operationsOf = built.map(({ operation }) => operation);
  const entryOf = new Map<Operation, RouterEntry>();
  const plugins = appPlugins(
    settings,
    {
      operations: operationsOf,
      taken,
      pubsub,
      respondError,
      registry,
      dispatch: pluginDispatch(entryOf, () => ({ fetch, direct: router.direct })),
    },
    () => container,
    () => documentOf(),
  );
  const features: StageCompileContext = {
    features: new Map(settings.features.map((feature) => [feature.name, feature])),
    stage: {
      logger: settings.logger,
      requestIdHeader: settings.pipeline.requestId?.header.toLowerCase(),
    },
    respond: respondError,
  };
  const operations = [...operationsOf, ...plugins.operations];

  // The document's checks first: an undeclared security scheme is reported before an unguarded
  // one. The document itself is built on first use (`app.document`, the docs, `openapi.file`):
  // every reason it could fail has been checked here, at startup.
  const documentInput = { operations, registry, options: settings.openapi };
  // One document per API version (or the one), each checked now and built on first use.
  const versioning = appVersioning(documentInput, settings.versioning, respondError);
  const documentOf = () => versioning.documents.document();
  reportUndeclaredResponses(operations, settings.openapi?.undeclaredResponses, settings.logger);
  const asyncapi = generateAsyncApi({
    sockets: sockets.map(({ route }) => route),
    registry,
    options: settings.openapi,
    acceptsMissing: (schema, target, where) => compiler.acceptsMissing(schema, target, where),
  });
  checkSecurityNames(settings.pipeline);

  const graph = settings.modules;
  checkReservedProviders(graph);
  const container = new Container(graph.modules);
  const { publish, opening } = connectPubSub(pubsub, socketRuntime.hub, container, settings);
  const moduleOf = (controller: Function | undefined) =>
    (controller && graph.controllerModules.get(controller)) || container.root;

  const streams = new Set<() => void>();
  // Everything made from provider instances: built once every singleton exists.
  const compileAll = (): RouteHandler[] => {
    const pipelines = new PipelineBuilder(
      settings.pipeline,
      new PipelineItems((target, owner) => container.instance(target, moduleOf(owner))),
      compiler,
      settings.logger,
      respondError,
    );
    return served.map(({ operation, runtime }, index) => {
      const module = moduleOf(operation.controller);
      const perRequest =
        container.classScope(operation.controller, module) === "request"
          ? container.perRequest(operation.controller, module)
          : undefined;
      const context = {
        // Constructed once; each request runs on an object inheriting from it (or, for a
        // controller that needs request-scoped providers, on its own instance).
        instance:
          perRequest === undefined
            ? (container.instance(operation.controller, module) as object)
            : operation.controller.prototype,
        ...(perRequest === undefined ? {} : { perRequest }),
        respondError,
        logger: settings.logger,
        streams,
        registry,
        compiler,
        pipeline: pipelines.forOperation(operation, runtime),
        bodyEncodings: settings.bodyEncodings,
        features,
        ...(observability ? { observation: observability.route(operation) } : {}),
        ...(observability?.sockets ? { sockets: observability.sockets } : {}),
      };
      const session = socketRuntime.sessions[index - built.length];
      return session === undefined
        ? compileRoute(operation, context)
        : compileSocketUpgrade(operation, session, socketRuntime.hub, context);
    });
  };

  // Every controller's dependencies are checked now, even when async providers delay the rest.
  for (const { operation } of served) {
    container.classScope(operation.controller, moduleOf(operation.controller));
  }
  // Synchronous as long as every provider is; otherwise routes answer 503 until ready.
  let handlers: RouteHandler[] | undefined;
  let starting: Promise<void> | undefined;
  const made = container.instantiateAll();
  if (made === undefined) {
    handlers = compileAll();
    starting = container.runInit() ?? undefined;
  } else {
    starting = made.then(() => {
      handlers = compileAll();
      return container.runInit();
    });
  }
  // The app plugins' ready hooks: after the providers' onInit, before app.ready.
  starting = starting === undefined ? (plugins.ready() ?? undefined) : starting.then(plugins.ready);
  // An engine's adapter connects while providers start: routes answer once both are done.
  if (opening !== undefined) {
    starting = starting === undefined ? opening : Promise.all([starting, opening]).then(() => {});
  }

  const entries: RouterEntry[] = [...plugins.entries];
  let live = starting === undefined;
  served.forEach(({ operation }, index) => {
    const handler: RouteHandler = live
      ? ((handlers as RouteHandler[])[index] as RouteHandler)
      : (request, params, decoded) =>
          live
            ? ((handlers as RouteHandler[])[index] as RouteHandler)(request, params, decoded)
            : notReady(respondError, request, operation);
    const entry = operationEntry(operation, versioning.handler(operation, handler));
    entryOf.set(operation, entry);
    entries.push(entry);
  });

  const ready =
    starting === undefined
      ? Promise.resolve()
      : starting.then(
          () => {
            live = true;
            if (container.state.status === "starting") moveAppState(container.state, "ready");
          },
          (error: unknown) => {
            moveAppState(container.state, "failed");
            throw error;
          },
        );
  if (starting === undefined) moveAppState(container.state, "ready");

  if (settings.openapi?.file !== undefined) writeDocumentFile(documentOf(), settings.openapi.file);

  const modules = describeModules(graph);
  const shapes = taken;
  const asyncDocs = sockets.length > 0 ? asyncapi : undefined;
  for (const plugin of settings.docs) {
    entries.push(
      ...mountDocs(
        plugin,
        documentOf(),
        operations,
        shapes,
        respondError,
        modules,
        asyncDocs,
        versioning.documents,
        plugins.documents,
      ),
    );
  }

  const router = buildRouter(versioning.entries(entries), respondError, {
    ...(settings.pipeline.middleware.length > 0
      ? { middleware: composeMiddleware(settings.pipeline.middleware, respondError) }
      : {}),
    requestContext: settings.pipeline.requestContext,
    ...(settings.pipeline.requestId ? { requestId: settings.pipeline.requestId } : {}),
    ...(observability ? { observer: observability } : {}),
    ...(settings.ownLogger ? { logger: settings.logger } : {}),
    ...(settings.timeout === undefined ? {} : { timeout: settings.timeout }),
    fixedErrors: settings.errorFormatter === undefined,
  });
  const serving = serveWithSockets(router, served, sockets.length);
  // Only when a route's feature reads client addresses does a request pay for remembering its server.
  const byAddress = built.some(({ operation }) =>
    operation.features?.some((use) => use.connection),
  );
  const { routes, fetch } = byAddress ? rememberServers(serving) : serving;
  const runtime: AppRuntime = {
    logger: settings.logger,
    servers: new Set(),
    drainers: new Set(),
    streams,
    sockets: socketRuntime.hub,
    pubsub,
    // Closed after the onShutdown hooks, with the publish/subscribe adapter.
    features: [
      ...settings.features,
      ...plugins.closers.map((closer) => ({ name: "app plugin", close: closer.close })),
    ],
  };
  registerRuntime(container.state, runtime);
  const close = closer(container, runtime, ready);
  return {
    routes,
    fetch,
    get document() {
      return documentOf();
    },
    get documents() {
      const all = versioning.documents.versions?.all ?? [];
      return Object.fromEntries(
        all.map((version) => [version, versioning.documents.document(version)]),
      );
    },
    websocket: socketRuntime.websocket,
    asyncapi,
    publish,
    pubsub,
    modules,
    ready,
    state: container.state,
    close,
  };
}
