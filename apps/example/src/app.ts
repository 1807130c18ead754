import "reflect-metadata";
import { Database } from "bun:sqlite";
import { classValidator } from "@trellis/adapter-class-validator";
import { type App, createApp, type Logger } from "@trellis/core";
import { openDatabase } from "./database/open-database.js";
import { DatabaseHealth } from "./health/database-health.js";
import { HealthController } from "./health/health-controller.js";
import { UserController } from "./users/user-controller.js";
import { UserRepository } from "./users/user-repository.js";

/** Where the example keeps its data. */
export interface ExampleAppOptions {
  /** A SQLite file (created with its folder on first start), or `":memory:"`. */
  readonly databasePath: string;
  /** Where unexpected errors are reported (default: the console); clients only see a 500. */
  readonly logger?: Logger;
}

/** The example app: hand `routes` and `fetch` to `Bun.serve`, call `close()` after `server.stop()`. */
export interface ExampleApp extends App {
  /** Closes the database; the app answers 503 from its readiness probe afterwards. */
  close(): void;
}

/**
 * Builds the users API on a SQLite database, with Swagger UI at `/docs`.
 *
 * @example
 * const app = createExampleApp({ databasePath: ":memory:" });
 * const server = Bun.serve({ port: 0, routes: app.routes, fetch: app.fetch });
 */
export function createExampleApp({ databasePath, logger }: ExampleAppOptions): ExampleApp {
  const database = openDatabase(databasePath);
  try {
    const app = createApp({
      schema: classValidator(),
      controllers: [UserController, HealthController],
      providers: [{ provide: Database, useValue: database }, UserRepository, DatabaseHealth],
      docs: { swagger: true },
      logger,
      openapi: {
        service: {
          name: "users",
          version: "1.0.0",
          description: "The users API of the Trellis example: create, list and read users.",
        },
        tags: [
          { name: "users", description: "People who use the service" },
          { name: "health", description: "Probes for orchestrators and load balancers" },
        ],
      },
    });
    // close(true) finalizes the prepared statements too, so the file is left clean (no -wal).
    return { ...app, close: () => database.close(true) };
  } catch (error) {
    database.close(true);
    throw error;
  }
}
