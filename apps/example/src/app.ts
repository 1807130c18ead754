import "reflect-metadata";
import { Database } from "bun:sqlite";
import { classValidator } from "@trellis/adapter-class-validator";
import { type App, createApp, type Logger } from "@trellis/core";
import { CloseDatabase } from "./database/close-database.js";
import { openDatabase } from "./database/open-database.js";
import { DatabaseHealth } from "./health/database-health.js";
import { HealthController } from "./health/health-controller.js";
import { AvatarController } from "./users/avatar-controller.js";
import { AvatarRepository } from "./users/avatar-repository.js";
import { UserController } from "./users/user-controller.js";
import { UserEvents } from "./users/user-events.js";
import { UserEventsSocket } from "./users/user-events-socket.js";
import { UserFeedController } from "./users/user-feed-controller.js";
import { UserRepository } from "./users/user-repository.js";

/** Where the example keeps its data. */
export interface ExampleAppOptions {
  /** A SQLite file (created with its folder on first start), or `":memory:"`. */
  readonly databasePath: string;
  /** Where unexpected errors are reported (default: the console); clients only see a 500. */
  readonly logger?: Logger;
}

/** The example app: a Trellis `App` (its `close()` also closes the database). */
export type ExampleApp = App;

/**
 * Builds the users API on a SQLite database, with Swagger UI at `/docs`, and live notifications of
 * new users on the WebSocket `/ws/users` (documented at `/docs/asyncapi.json`). `app.close()` closes the
 * database (after in-flight requests, when served with `serve`); the readiness probe answers 503
 * from the moment closing begins.
 *
 * @example
 * const app = createExampleApp({ databasePath: ":memory:" });
 * serve(app, { port: 3000 });
 */
export function createExampleApp({ databasePath, logger }: ExampleAppOptions): App {
  const database = openDatabase(databasePath);
  try {
    const app = createApp({
      schema: classValidator(),
      controllers: [
        UserController,
        UserFeedController,
        AvatarController,
        HealthController,
        UserEventsSocket,
      ],
      providers: [
        { provide: Database, useValue: database },
        CloseDatabase,
        UserRepository,
        UserEvents,
        AvatarRepository,
        DatabaseHealth,
      ],
      docs: { swagger: true },
      logger,
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
        security: [], // no operation needs credentials
        tags: [
          { name: "users", description: "People who use the service" },
          { name: "health", description: "Probes for orchestrators and load balancers" },
        ],
      },
    });
    return app;
  } catch (error) {
    database.close(true);
    throw error;
  }
}
