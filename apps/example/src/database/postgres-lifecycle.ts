import { Inject, Injectable, type OnInit, type OnShutdown } from "@trellis/core";
import { SQL } from "bun";
import { migratePostgres } from "./postgres-migrations.js";

/**
 * Brings the Postgres tables up to date when the app starts (routes answer 503 until then, and a
 * failure stops the start), and closes the pool when the app closes, after in-flight requests.
 *
 * @example
 * createApp({ ..., providers: [{ provide: SQL, useValue: openPostgres(url) }, PostgresLifecycle] });
 */
@Injectable()
export class PostgresLifecycle implements OnInit, OnShutdown {
  constructor(@Inject(SQL) private readonly sql: SQL) {}

  onInit(): Promise<void> {
    return migratePostgres(this.sql);
  }

  async onShutdown(): Promise<void> {
    // Queries still running get 5 seconds; then their connections are closed.
    await this.sql.close({ timeout: 5 });
  }
}
