import "reflect-metadata";
import { classValidator } from "@trellis/adapter-class-validator";
import { type App, createApp, type Logger } from "@trellis/core";
import { mcpServer } from "@trellis/mcp";
import { openTelemetry } from "@trellis/otel";
import type { RateLimitStore } from "@trellis/rate-limit";
import { type ExampleAuthOptions, exampleAuth } from "./account/example-auth.js";
import { MeController } from "./account/me-controller.js";
import { chooseEventTransport } from "./config.js";
import { databaseProviders } from "./database/database-providers.js";
import { exampleHealth } from "./health/example-health.js";
import { ServiceMetricsController } from "./health/service-metrics-controller.js";
import { AvatarController } from "./users/avatar-controller.js";
import { eventPubSub } from "./users/event-pubsub.js";
import { httpStores } from "./users/http-stores.js";
import { UserController } from "./users/user-controller.js";
import { UserEvents } from "./users/user-events.js";
import { UserEventsSocket } from "./users/user-events-socket.js";
import { UserFeedController } from "./users/user-feed-controller.js";
import { UserV2Controller } from "./users/user-v2-controller.js";

/** Where the example keeps its data: Postgres when `databaseUrl` is given, SQLite otherwise. */
export interface ExampleAppOptions {
  /** A SQLite file (created with its folder on first start), or `":memory:"`. */
  readonly databasePath?: string | undefined;
  /** A Postgres URL (`postgres://user:pass@host:5432/db`): the data go there, not to SQLite. */
  readonly databaseUrl?: string | undefined;
  /** A direct Postgres URL for LISTEN, when `databaseUrl` goes through a transaction pooler. */
  readonly databaseListenUrl?: string | undefined;
  /** A Redis URL: events go through it; else through Postgres given `databaseUrl`, else in process. */
  readonly redisUrl?: string | undefined;
  /** Where unexpected errors are reported (default: the console); clients only see a 500. */
  readonly logger?: Logger;
  /** Proxies of yours in front (each appending to `X-Forwarded-For`): rate limits see clients. */
  readonly trustedProxyHops?: number | undefined;
  /** Rate limit counters instead of the default ones (Redis, else Postgres, else in process). */
  readonly rateLimitStore?: RateLimitStore | undefined;
  /** How late the event loop may run before readiness answers 503 (default 1000 ms). */
  readonly maxEventLoopDelayMs?: number | undefined;
  /** The identity provider and API keys of the one protected route, `GET /me`. */
  readonly auth?: ExampleAuthOptions | undefined;
}

/** The example app: a Trellis `App` (its `close()` also closes the database). */
export type ExampleApp = App;

/**
 * Builds the users API on a SQLite database, or on Postgres given `databaseUrl` (its tables are
 * migrated before `app.ready` resolves; routes answer 503 until then), with Swagger UI at `/docs`,
 * and live notifications of new users on the WebSocket `/ws/users` (documented at
 * `/docs/asyncapi.json`). `app.close()` closes the database (after in-flight requests, when served
 * with `serve`); the readiness probe answers 503 from the moment closing begins.
 *
 * @example
 * const app = createExampleApp({ databasePath: ":memory:" });
 * serve(app, { port: 3000 });
 */
export function createExampleApp({
  databasePath,
  databaseUrl,
  databaseListenUrl,
  redisUrl,
  logger,
  trustedProxyHops,
  rateLimitStore,
  maxEventLoopDelayMs,
  auth,
}: ExampleAppOptions): App {
  if (!databaseUrl && !databasePath) {
    throw new Error("createExampleApp needs a databasePath (SQLite) or a databaseUrl (Postgres).");
  }
  const database = databaseProviders(
    databaseUrl
      ? { kind: "postgres", url: databaseUrl }
      : { kind: "sqlite", path: databasePath as string },
  );
  const { securitySchemes, security } = exampleAuth(auth);
  try {
    const app = createApp({
      schema: classValidator(),
      controllers: [
        UserController,
        UserV2Controller,
        UserFeedController,
        AvatarController,
        ServiceMetricsController,
        MeController,
        UserEventsSocket,
      ],
      providers: [...database.providers, UserEvents],
      docs: { swagger: true },
      // @Version("2") routes live under /v2; routes without @Version serve every version. One
      // document per version (/docs/v1/openapi.json, /docs/v2/...); version 1 is the default.
      versioning: { strategy: "uri", default: "1" },
      // Agents call the same operations as MCP tools at /mcp (tool list: /docs/mcp.json): the
      // public users API, so the endpoint stays open (`authorization: false`) although a bearer
      // check is configured; without it, /mcp would be an OAuth protected resource (docs/mcp.md).
      plugins: [
        // Traces and metrics when main.ts registered the SDK (OTEL_EXPORTER_OTLP_ENDPOINT); with
        // nothing registered, openTelemetry() installs nothing and no request pays for it.
        openTelemetry(),
        ...httpStores({ redisUrl, databaseUrl, trustedProxyHops, rateLimitStore }),
        exampleHealth(maxEventLoopDelayMs),
        mcpServer({
          authorization: false,
          instructions:
            "The users API as tools: createUser stores one user, getUser reads one by id, listUsers pages through them.",
        }),
      ],
      // GET /me takes a bearer token (AUTH_ISSUER) or an API key (API_KEYS); see the README.
      security,
      logger,
      pubsub: eventPubSub(chooseEventTransport({ redisUrl, databaseUrl, databaseListenUrl })),
      // Behind proxies of ours (TRUSTED_PROXY_HOPS), every request carries the id nginx gave it:
      // kept and echoed. Reached directly, ids are made only for the answers that need one.
      ...(trustedProxyHops === undefined ? {} : { requestId: { trust: true } }),
      openapi: {
        service: {
          name: "users",
          version: "1.0.0",
          description:
            "The users API of the Trellis example: create, list and read users, and their avatars.",
        },
        info: {
          contact: { name: "Trellis", url: "https://github.com/trellis-framework/trellis" },
          license: { name: "MIT", url: "https://opensource.org/licenses/MIT" },
        },
        externalDocs: {
          url: "https://github.com/trellis-framework/trellis/tree/main/apps/example",
          description: "The example's README",
        },
        // Relative: the server that serves this document (see docs/deployment.md for real hosts).
        servers: [{ url: "/", description: "The server that serves this document" }],
        security: [], // public by default: only GET /me needs credentials
        securitySchemes,
        tags: [
          { name: "users", description: "People who use the service" },
          { name: "health", description: "Probes for orchestrators and load balancers" },
          { name: "account", description: "The caller's own account" },
        ],
      },
    });
    return app;
  } catch (error) {
    database.abandon();
    throw error;
  }
}
