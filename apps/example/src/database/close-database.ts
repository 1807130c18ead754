import { Database } from "bun:sqlite";
import { Inject, Injectable, type OnShutdown } from "@trellis/core";

/**
 * Closes the database when the app closes, after in-flight requests finished. `close(true)`
 * finalizes the prepared statements too, so the file is left clean (no -wal).
 *
 * @example
 * createApp({ ..., providers: [{ provide: Database, useValue: database }, CloseDatabase] });
 */
@Injectable()
export class CloseDatabase implements OnShutdown {
  constructor(@Inject(Database) private readonly database: Database) {}

  onShutdown(): void {
    this.database.close(true);
  }
}
